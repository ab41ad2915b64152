import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_FIRM } from '@veritas/common';
import { accountsEnv } from './accounts.env';
import { financasEnv, lookupEnv, registrosEnv, retentionEnv } from './business.env';
import { ConfigError, loadConfig } from './config';
import { mailEnv } from './mail.env';
import { replicasEnv } from './replicas.env';
import { serverEnv } from './server.env';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-cfg-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('defaults to SQLite under DATA_DIR, port 3000 on 127.0.0.1, 8h tokens and the Veritas brand', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.database).toEqual({ type: 'sqlite', file: path.join(dir, 'app.sqlite') });
    expect([c.port, c.host, c.jwtExpiresIn, c.mailDomain]).toEqual([3000, '127.0.0.1', '8h', 'veritas.com.br']);
    expect(c.master).toEqual({ username: 'master', name: 'Administrador Master', password: null });
    expect(c.firm.brandName).toBe('Veritas Assessoria Empresarial');
    expect(c.firm.tagline).toBe('Aquele que traz a verdade');
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const a = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const b = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(a).toHaveLength(64);
    expect(b).toBe(a);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(32) }).jwtSecret).toBe('s'.repeat(32));
  });

  it('generates the audit chain key once and keeps it in DATA_DIR, or takes AUDIT_KEY', () => {
    const a = loadConfig({ DATA_DIR: dir }).audit.key;
    expect(a).toHaveLength(64);
    expect(loadConfig({ DATA_DIR: dir }).audit.key).toBe(a);
    expect(a).not.toBe(loadConfig({ DATA_DIR: dir }).jwtSecret);
    expect(fs.statSync(path.join(dir, 'audit-key')).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, AUDIT_KEY: 'a'.repeat(32) }).audit.key).toBe('a'.repeat(32));
  });

  it('reads the retired audit keys from AUDIT_KEYRING and DATA_DIR/audit-keyring, and refuses short ones', () => {
    expect(loadConfig({ DATA_DIR: dir }).audit.retiredKeys).toEqual([]);
    fs.writeFileSync(path.join(dir, 'audit-keyring'), `${'k'.repeat(40)}\n\n${'m'.repeat(40)}\n`, { mode: 0o600 });
    expect(loadConfig({ DATA_DIR: dir, AUDIT_KEYRING: ` ${'e'.repeat(32)} ,${'f'.repeat(33)}` }).audit.retiredKeys).toEqual(['e'.repeat(32), 'f'.repeat(33), 'k'.repeat(40), 'm'.repeat(40)]);
    expect(() => loadConfig({ DATA_DIR: dir, AUDIT_KEYRING: `${'e'.repeat(32)},curta` })).toThrow(/AUDIT_KEYRING/);
  });

  it('takes MySQL and MariaDB URLs', () => {
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mysql://u:p@db:3306/veritas' }).database).toEqual({ type: 'mysql', url: 'mysql://u:p@db:3306/veritas' });
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mariadb://u@db/v' }).database).toEqual({ type: 'mysql', url: 'mysql://u@db/v' });
  });

  it('overrides the firm from the environment', () => {
    const c = loadConfig({ DATA_DIR: dir, BRAND_NAME: 'Outra Firma', FIRM_PHONE: '(21) 2222-3333' });
    expect([c.firm.brandName, c.firm.phone]).toEqual(['Outra Firma', '(21) 2222-3333']);
  });

  it.each([
    [{ DATABASE_URL: 'postgres://x/y' }, /protocolo "postgres:" não suportado/],
    [{ DATABASE_URL: 'mysql://host' }, /deve indicar o banco de dados/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL inválida/],
    [{ PORT: '70000' }, /PORT deve ser um número inteiro entre 0 e 65535/],
    [{ JWT_SECRET: 'short' }, /pelo menos 32 caracteres/],
    [{ AUDIT_KEY: 'curta' }, /AUDIT_KEY deve ter pelo menos 32 caracteres/],
    [{ AUDIT_CHECKPOINT_ENTRIES: '0' }, /AUDIT_CHECKPOINT_ENTRIES/],
    [{ JWT_EXPIRES_IN: '8 horas' }, /JWT_EXPIRES_IN/],
    [{ MASTER_USERNAME: 'Nome Com Espaço' }, /MASTER_USERNAME/],
    [{ MASTER_PASSWORD: 'semsimbolo1A' }, /caractere especial/],
    [{ LOGIN_MAX_FAILURES_PER_EMAIL: '0' }, /LOGIN_MAX_FAILURES_PER_EMAIL/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(message);
  });
});

describe('the configuration schema', () => {
  const documented = new Set([...fs.readFileSync(path.join(__dirname, '../../../../.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  const schemas = [serverEnv, accountsEnv, mailEnv, registrosEnv, financasEnv(DEFAULT_FIRM), lookupEnv, retentionEnv, replicasEnv];
  const variables = schemas.flatMap((schema) => Object.keys(('in' in schema ? schema.in : schema).shape as object));

  it('reads only variables that .env.example documents', () => {
    expect(variables.length).toBeGreaterThan(60);
    expect(variables.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('LOG_FORMAT is text by default, json on request (any case), anything else stops the start-up', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-cfg-'));
    try {
      expect(loadConfig({ DATA_DIR: dir }).logFormat).toBe('text');
      expect(loadConfig({ DATA_DIR: dir, LOG_FORMAT: ' JSON ' }).logFormat).toBe('json');
      expect(() => loadConfig({ DATA_DIR: dir, LOG_FORMAT: 'xml' })).toThrow(new ConfigError('LOG_FORMAT deve ser "text" ou "json" (recebido: "xml").'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
