// The public surface of platform/audit-chain: the audit trail's MAC, its key and the content it covers (issue 55, ADR 0009).
// Platform, not the auditoria feature: the re-keying migration and the data source need them too.
export { auditHash, auditMac, diffOf, diffText, GENESIS_HASH, REDACTED } from './audit-hash';
export type { AuditContent, Diff } from './audit-hash';
export { auditKeyId, auditKeyOf, auditKeyringOf, registerAuditKey } from './audit-key';
export type { AuditKeyring } from './audit-key';
