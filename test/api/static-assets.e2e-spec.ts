import * as fs from 'node:fs';
import * as path from 'node:path';
import { TestApi } from '../support/api';

/** The front ends' built files, served by the same process; a missing one is a plain 404. */
describe('static assets', () => {
  let api: TestApi;
  let errors: string[];

  beforeAll(async () => {
    const web = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'veritas-web-'));
    const put = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(web, file)), { recursive: true });
      fs.writeFileSync(path.join(web, file), text);
    };
    put('admin/dist/index.html', '<!doctype html><title>Painel</title>');
    put('admin/dist/assets/app-123.js', 'console.log("painel")');
    put('client-portal/dist/index.html', '<!doctype html><title>Portal</title>');
    put('client-portal/dist/assets/portal-1.css', 'body{}');
    put('public-site/dist/index.html', '<!doctype html><title>Site</title>');
    put('public-site/dist/assets/site-1.css', 'body{}');
    put('public-site/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    api = await TestApi.start('sqlite', { WEB_ROOT: web });
    // The logger is off in tests: watch what the error filter would log instead.
    errors = [];
    const { Logger } = require('@nestjs/common');
    jest.spyOn(Logger.prototype, 'error').mockImplementation((...args: unknown[]) => void errors.push(String(args[0])));
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await api.stop();
  });

  it.each(['/assets/nao-existe.js', '/painel/assets/nao-existe.js', '/cliente/assets/nao-existe.css', '/painel/assets/sub/dir/x.js', '/painel/assets/'])(
    '%s → 404 text, neither the index page nor a redirect, and nothing logged as an error',
    async (url) => {
      const r = await api.call('GET', url);
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(String(r.body)).toBe('Arquivo não encontrado.');
      expect(errors).toEqual([]);
    },
  );

  it('existing assets and the apps are still served', async () => {
    const js = await api.call('GET', '/painel/assets/app-123.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await api.call('GET', '/cliente/assets/portal-1.css')).status).toBe(200);
    expect((await api.call('GET', '/assets/site-1.css')).status).toBe(200);
    const spa = await api.call('GET', '/painel/clientes');
    expect(spa.status).toBe(200);
    expect(String(spa.body)).toContain('Painel');
  });

  it('/favicon.ico answers the firm’s icon (200, an image), not a redirect; an unknown path still goes to /', async () => {
    const icon = await api.call('GET', '/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(String(icon.body)).toContain('<svg');
    const unknown = await api.call('GET', '/nada-aqui');
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe('/');
  });
});
