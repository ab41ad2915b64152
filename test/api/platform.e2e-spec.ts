import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../backend/src/platform/config/config';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { listRoutes } from '../support/routes';

describe.each(databaseKinds())('platform on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start(kind);
  });
  afterAll(() => api.stop());

  it('GET /api/health is 200 with the database reachable', async () => {
    const r = await api.get('/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it("the configuration is @nestjs/config's `app` namespace: APP_CONFIG and ConfigService give one object, never process.env", () => {
    const config = api.app.get<AppConfig>(APP_CONFIG);
    const service = api.app.get(ConfigService);
    expect(service.get('app')).toBe(config);
    expect(service.get<number>('app.mail.smtpPort')).toBe(0);
    expect(process.env.PATH).toBeTruthy();
    expect(service.get('PATH')).toBeUndefined();
  });

  it('an unknown /api path answers JSON 404 in Portuguese', async () => {
    const r = await api.get('/api/nao-existe');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ statusCode: 404, message: 'Recurso não encontrado.', error: 'Not Found' });
  });

  it('malformed JSON and oversized bodies get clear pt-BR errors, without stack traces', async () => {
    const bad = await api.call('POST', '/api/auth/login', { body: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ statusCode: 400, message: 'JSON malformado no corpo da requisição.', error: 'Bad Request' });
    const big = await api.call('POST', '/api/clientes/register', { body: { razaoSocial: 'x'.repeat(2_000_000) } });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('O conteúdo enviado excede o tamanho máximo permitido.');
  });

  it('a path with a trailing slash is the same route, as it always was', async () => {
    const r = await api.get('/api/health/');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('a body of a type the API does not read is a pt-BR 415 that changes nothing', async () => {
    const r = await api.call('POST', '/api/auth/login', { body: 'email=master@veritas.com.br', headers: { 'content-type': 'text/plain' } });
    expect(r.status).toBe(415);
    expect(r.body).toEqual({ statusCode: 415, message: 'Tipo de conteúdo não suportado.', error: 'Unsupported Media Type' });
  });

  it('answers every request with a request id: a plain one the caller gave, else a new one', async () => {
    const given = await api.call('GET', '/api/health', { headers: { 'x-request-id': 'lb-42.abc' } });
    expect(given.headers.get('x-request-id')).toBe('lb-42.abc');
    const hostile = await api.call('GET', '/api/health', { headers: { 'x-request-id': 'a b\u00e7<script>' } });
    const a = hostile.headers.get('x-request-id');
    const b = (await api.get('/api/health')).headers.get('x-request-id');
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const r = await api.get('/api/health');
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-powered-by')).toBeNull();
    // The API's answers are not hashed for an ETag (issue 14: nothing revalidates them).
    expect(r.headers.get('etag')).toBeNull();
  });

  it('documents every route in Swagger, with bearer security on every guarded one', async () => {
    const ui = await api.call('GET', '/api/docs');
    expect(ui.status).toBe(200);
    expect(String(ui.body)).toContain('swagger');
    const doc = (await api.get('/api/docs-json')).body;
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of listRoutes(api.app)) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect({ route: `${route.method} ${path}`, documented: !!op }).toEqual({ route: `${route.method} ${path}`, documented: true });
      const secured = (op.security ?? []).some((s: Record<string, unknown>) => 'bearer' in s);
      expect({ route: `${route.method} ${path}`, secured }).toEqual({ route: `${route.method} ${path}`, secured: route.access !== 'public' });
      expect(op.description).toMatch(/Acesso|público|Login|Cadastro|Saúde/);
    }
  });

  it('paths outside /api that are not pages redirect to /', async () => {
    const r = await api.call('GET', '/qualquer/coisa');
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/');
  });

  it('GET /api/health is 503 when the database cannot be reached', async () => {
    const other = await TestApi.start(kind);
    try {
      await other.app.get(DataSource).destroy();
      const r = await other.get('/api/health');
      expect(r.status).toBe(503);
      expect(r.body.message).toBe('Banco de dados inacessível.');
    } finally {
      await other.stop().catch(() => undefined);
    }
  });
});
