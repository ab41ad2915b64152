import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { SERVER_ENTRY, startApp, UI_MASTER_PASSWORD } from '../support/server';

/** The built server as an operator runs it: start-up, restart, shutdown, bad configuration. */
describe('the server process', () => {
  it('keeps data and sessions across a restart (JWT secret generated once in DATA_DIR)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-restart-'));
    try {
      const first = await startApp({ dataDir, env: { MASTER_PASSWORD: '' } });
      const printed = first.output().match(/senha gerada \(guarde-a, não será exibida de novo\): (\S+)/);
      expect(printed).not.toBeNull();
      const password = printed![1];
      const login = await fetch(`${first.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: first.masterEmail, password }),
      });
      expect(login.status).toBe(200);
      const { token } = await login.json();
      expect(await first.stop()).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);

      const second = await startApp({ dataDir, env: { MASTER_PASSWORD: '' } });
      // No second master, no second password printed.
      expect(second.output()).not.toMatch(/senha gerada/);
      const me = await fetch(`${second.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(await second.stop()).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on SIGTERM finishes what it is doing and exits 0', async () => {
    const app = await startApp();
    // A sign-in (its password hashing takes the server a while) wholly sent before the SIGTERM: on a loaded
    // machine a fixed 5 ms could pass before the connection was even accepted, and a request that arrives
    // after the signal is rightly refused (503).
    let sent!: () => void;
    const written = new Promise<void>((r) => (sent = r));
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.on('finish', sent);
      req.end(JSON.stringify({ email: app.masterEmail, password: UI_MASTER_PASSWORD }));
    });
    await written;
    await new Promise((r) => setTimeout(r, 20));
    const code = app.stop();
    expect(await inFlight).toBe(200);
    expect(await code).toBe(0);
  });

  it('with LOG_FORMAT=json logs JSON lines: start-up without a request id, one access line per request with its id', async () => {
    const app = await startApp({ env: { LOG_FORMAT: 'json' } });
    try {
      const health = await fetch(`${app.baseUrl}/api/health`, { headers: { 'x-request-id': 'sonda-lb-7' } });
      expect(health.headers.get('x-request-id')).toBe('sonda-lb-7');
      const missing = await fetch(`${app.baseUrl}/api/registros/um-id-qualquer?x=1`, { headers: { 'x-request-id': 'sem-token-8' } });
      expect(missing.status).toBe(401);
      await new Promise((r) => setTimeout(r, 200));
      const printed = app.output().split('\n').filter((l) => l.startsWith('{'));
      const lines = printed.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.find((l) => String(l.msg).startsWith('Pronto em'))).toMatchObject({ level: 'log', context: 'Bootstrap', requestId: null, time: expect.stringMatching(/Z$/) });
      expect(lines.filter((l) => l.requestId === 'sonda-lb-7')).toEqual([
        { time: expect.any(String), level: 'log', context: 'HTTP', msg: 'request', method: 'GET', route: '/api/health', status: 200, ms: expect.any(Number), requestId: 'sonda-lb-7' },
      ]);
      // The route template, never the raw path or its query string.
      expect(lines.find((l) => l.requestId === 'sem-token-8')).toMatchObject({ route: '/api/registros/:id', status: 401 });
      expect(printed.join('\n')).not.toContain('um-id-qualquer');
    } finally {
      expect(await app.stop()).toBe(0);
    }
  });

  it.each([
    [{ DATABASE_URL: 'postgres://x@localhost/db' }, 'DATABASE_URL: protocolo "postgres:" não suportado'],
    [{ PORT: 'abc' }, 'PORT deve ser um número inteiro'],
    [{ JWT_SECRET: 'curto' }, 'JWT_SECRET deve ter pelo menos 32 caracteres'],
    [{ MASTER_PASSWORD: 'fraca' }, 'MASTER_PASSWORD não atende à política de senhas'],
    [{ JWT_EXPIRES_IN: 'amanhã' }, 'JWT_EXPIRES_IN'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT deve ser "text" ou "json"'],
    // Issue 55: a Pix key of no kind (a phone with spaces, free text) started fine and banks rejected the BR Code.
    [{ FIRM_PIX_KEY: '+55 11 98888-7777' }, 'FIRM_PIX_KEY inválida: use CPF (11 dígitos, sem pontuação)'],
    [{ FIRM_PIX_KEY: 'Chave do escritório' }, 'FIRM_PIX_KEY inválida: use CPF'],
    [{ FIRM_PIX_KEY: '11222333000182' }, 'FIRM_PIX_KEY inválida'],
  ])('refuses to start with an invalid configuration %j', (env, message) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-cfg-'));
    const r = spawnSync(process.execPath, [SERVER_ENTRY], { env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env }, encoding: 'utf8', timeout: 20_000 });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('Configuração inválida: ');
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
