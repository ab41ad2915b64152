import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { auditKeyId } from './audit-key';

/**
 * Rotates the audit chain's key kept in DATA_DIR (ADR 0009), with the product stopped: the current
 * key is appended to DATA_DIR/audit-keyring (the verification keeps checking the entries it signed)
 * and a new random key replaces DATA_DIR/audit-key. At the next start the product appends the
 * rotation's entry under the new key. Both files are the service user's only (0600).
 */
export function rotateKeptAuditKey(dataDir: string): { from: string; to: string } {
  const keyFile = path.join(dataDir, 'audit-key');
  if (!fs.existsSync(keyFile)) throw new Error(`Não há chave em ${keyFile}: o produto ainda não foi iniciado com este DATA_DIR.`);
  const old = fs.readFileSync(keyFile, 'utf8').trim();
  const fresh = randomBytes(48).toString('base64url');
  fs.appendFileSync(path.join(dataDir, 'audit-keyring'), `${old}\n`, { mode: 0o600 });
  const temp = `${keyFile}.nova`;
  fs.writeFileSync(temp, `${fresh}\n`, { mode: 0o600 });
  fs.renameSync(temp, keyFile);
  return { from: auditKeyId(old), to: auditKeyId(fresh) };
}
