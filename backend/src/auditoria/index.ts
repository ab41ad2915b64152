// The public surface of auditoria: other folders import from here, never one of its files (architecture.spec.ts).
export { appendAudit, auditUpdate, auditUpdates, hideValuesInAudit, recordAudit } from './audit-log';
export { Auditoria, AuditoriaCadeia } from './auditoria.entity';
export { AuditoriaModule } from './auditoria.module';
export { insertAudited, withAuditsAtEnd } from './bulk-insert';
export { diffOf, REDACTED } from '../platform/audit-chain';
