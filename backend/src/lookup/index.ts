// The public surface of lookup: other folders import from here, never one of its files (architecture.spec.ts).
export { CnpjLookupService } from './cnpj-lookup.service';
export { CnpjConsulta } from './entities/cnpj-consulta.entity';
export { LookupModule } from './lookup.module';
export { ApiCnpjLookup } from './lookup.swagger';
