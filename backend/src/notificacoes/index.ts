// The public surface of notificacoes: other folders import from here, never one of its files (architecture.spec.ts).
export { ClienteNotificacoes } from './entities/cliente-notificacoes.entity';
export { NoticePreferences } from './notificacoes.service';
export type { NoticeDecision, Unsubscribe } from './notificacoes.service';
export { NotificacoesModule } from './notificacoes.module';
export { ClienteNovidade } from './entities/cliente-novidade.entity';
export { NovidadesService } from './novidades.service';
export type { NovidadeNova } from './novidades.service';
