import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfigError, loadConfig } from '../platform/config';

// The mailbox's part of the configuration (SMTP_*, MAIL_*), read by config.ts.
describe('mail configuration', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-mailcfg-'));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).mail;
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('has safe defaults: listener on 127.0.0.1:2525, 25 MB, 15 GB, no relay, no TLS, the spool while busy', () => {
    expect(load({})).toEqual({ smtpPort: 2525, smtpHost: '127.0.0.1', maxBytes: 25 * 1024 * 1024, relayUrl: null, outboxRetryBaseMs: 30_000, outboxFailedRetentionDays: 30, quotaBytes: 15 * 1024 ** 3, spool: 'auto', spoolWaitMs: 5000, tls: null });
  });

  it('MAIL_SPOOL takes auto, always or off (any case); MAIL_SPOOL_WAIT_MS a wait', () => {
    expect(load({ MAIL_SPOOL: ' OFF ', MAIL_SPOOL_WAIT_MS: '0' })).toMatchObject({ spool: 'off', spoolWaitMs: 0 });
    expect(load({ MAIL_SPOOL: 'always' }).spool).toBe('always');
  });

  it('SMTP_PORT=0 turns the listener off', () => {
    expect(load({ SMTP_PORT: '0' }).smtpPort).toBe(0);
  });

  it.each<[Record<string, string>, RegExp]>([
    [{ SMTP_PORT: '70000' }, /^SMTP_PORT deve ser um número inteiro entre 0 e 65535/],
    [{ MAIL_MAX_BYTES: 'muito' }, /^MAIL_MAX_BYTES deve ser um número inteiro/],
    [{ MAIL_QUOTA_BYTES: '10' }, /^MAIL_QUOTA_BYTES deve ser um número inteiro/],
    [{ MAIL_SPOOL: 'sempre' }, /^MAIL_SPOOL "sempre" inválido: use auto, always ou off/],
    [{ MAIL_SPOOL_WAIT_MS: '-1' }, /^MAIL_SPOOL_WAIT_MS deve ser um número inteiro/],
    [{ SMTP_URL: 'http://relay.exemplo.com' }, /^SMTP_URL: protocolo "http:" não suportado/],
    [{ SMTP_URL: 'não é url' }, /^SMTP_URL inválida/],
    [{ SMTP_TLS_KEY: '/x/key.pem' }, /^SMTP_TLS_KEY e SMTP_TLS_CERT devem ser informados juntos/],
    [{ SMTP_TLS_KEY: '/nao/existe/key.pem', SMTP_TLS_CERT: '/nao/existe/cert.pem' }, /^SMTP_TLS_KEY: não foi possível ler/],
  ])('refuses %p in Portuguese', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it('takes a relay URL with credentials and reads the TLS files', () => {
    const key = path.join(dataDir, 'k.pem');
    const cert = path.join(dataDir, 'c.pem');
    fs.writeFileSync(key, 'KEY');
    fs.writeFileSync(cert, 'CERT');
    const mail = load({ SMTP_URL: 'smtps://usuario:senha@smtp.exemplo.com:465', SMTP_TLS_KEY: key, SMTP_TLS_CERT: cert, SMTP_HOST: '0.0.0.0' });
    expect(mail.relayUrl).toBe('smtps://usuario:senha@smtp.exemplo.com:465');
    expect(mail.smtpHost).toBe('0.0.0.0');
    expect(mail.tls?.key.toString()).toBe('KEY');
    expect(mail.tls?.cert.toString()).toBe('CERT');
  });
});
