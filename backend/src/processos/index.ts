// The public surface of processos: other folders import from here, never one of its files (architecture.spec.ts).
export { ProcessoModelo } from './entities/processo-modelo.entity';
export { RegistroEtapa } from './entities/registro-etapa.entity';
export { EtapaGateRegistry } from './etapa-gate';
export { ProcessosModule } from './processos.module';
// For platform/database's seed test (the migration's frozen seed against today's models).
export { MODELOS_PADRAO } from './modelos-padrao';
