// The public surface of financas: other folders import from here, never one of its files (architecture.spec.ts).
export { CobrancasQueryService } from './cobrancas-query.service';
export { Cobranca, FINANCAS_ENTITIES } from './entities/cobranca.entity';
export { FinancasModule } from './financas.module';
export { CobrancaRegistroService } from './cobranca-registro.service';
