// The public surface of registros: other folders import from here, never one of its files (architecture.spec.ts).
export { RegistroHistorico } from './entities/registro-historico.entity';
export { Registro } from './entities/registro.entity';
export { RegistroAssignmentService } from './registro-assignment.service';
export { RegistroCobrancas } from './registro-cobrancas';
export { RegistroCreateService } from './registro-create.service';
export { RegistroExtensions } from './registro-extensions';
export type { MovimentoEtapa, ProgressoEtapas } from './registro-extensions';
export { RegistroHistoricoService } from './registro-historico.service';
export { RegistroJuntaService } from './registro-junta.service';
export { CHANGED_MEANWHILE, REGISTRO_NOT_FOUND } from './registro-messages';
export { RegistroNotifier } from './registro-notifier';
export { RegistroStatusService } from './registro-status.service';
export { RegistrosQueryService } from './registros-query.service';
export { RegistrosModule } from './registros.module';
export { countRows } from './sql';
