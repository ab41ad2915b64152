// The public surface of notificacoes: other folders import from here, never one of its files (architecture.spec.ts).
export { ClienteNotificacoes } from './entities/cliente-notificacoes.entity';
export { NoticePreferences } from './notificacoes.service';
export type { NoticeDecision, Unsubscribe } from './notificacoes.service';
export { NotificacoesModule } from './notificacoes.module';
