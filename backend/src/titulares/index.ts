// The public surface of titulares: other folders import from here, never one of its files (architecture.spec.ts).
export { SolicitacaoTitular } from './entities/solicitacao-titular.entity';
export { TitularesModule } from './titulares.module';
