import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfigError, loadConfig } from './config';

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
    [{ JWT_EXPIRES_IN: '8 horas' }, /JWT_EXPIRES_IN/],
    [{ MASTER_USERNAME: 'Nome Com Espaço' }, /MASTER_USERNAME/],
    [{ MASTER_PASSWORD: 'semsimbolo1A' }, /caractere especial/],
    [{ LOGIN_MAX_FAILURES_PER_EMAIL: '0' }, /LOGIN_MAX_FAILURES_PER_EMAIL/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(message);
  });
});
