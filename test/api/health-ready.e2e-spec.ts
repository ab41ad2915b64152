import * as fs from 'node:fs';
import * as net from 'node:net';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { dropRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '../support/redis';

describe.each(databaseKinds())('health for a load balancer (%s)', (kind) => {
  const prefix = testRedisPrefix();
  let plain: TestApi;
  let withRedis: TestApi;
  let redisDown: TestApi;
  beforeAll(async () => {
    plain = await TestApi.start(kind);
    withRedis = await TestApi.start(kind, { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
    // Nothing listens on port 1: the replica starts, but is not ready.
    redisDown = await TestApi.start(kind, { REDIS_URL: 'redis://:s3gredo@127.0.0.1:1', REDIS_PREFIX: prefix });
  });
  afterAll(async () => {
    await plain?.stop();
    await withRedis?.stop();
    await redisDown?.stop();
    await dropRedisPrefix(prefix);
  });

  it('/api/health/live answers 200 while the process runs, whatever its dependencies', async () => {
    for (const api of [plain, withRedis, redisDown]) {
      const r = await api.get('/api/health/live');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ status: 'ok' });
    }
  });

  it('/api/health/ready checks the database, and Redis when REDIS_URL is set', async () => {
    expect(await plain.get('/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ok', checks: { database: 'ok' } } });
    expect((await plain.get('/api/health/ready')).body.checks).not.toHaveProperty('redis');
    expect(await withRedis.get('/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ok', checks: { database: 'ok', redis: 'ok' } } });
  });

  it('an unreachable Redis makes the replica not ready (503) and says which part failed, without the address or password', async () => {
    const r = await redisDown.get('/api/health/ready');
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ status: 'indisponivel', checks: { database: 'ok', redis: 'falhou' } });
    expect(JSON.stringify(r.body)).not.toMatch(/127\.0\.0\.1|s3gredo|redis:/);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('with Redis unreachable, a rate-limited route answers 503 in Portuguese (fails closed), never 500', async () => {
    const r = await redisDown.post('/api/auth/login', { email: 'master@veritas.com.br', password: 'Errada!123' });
    expect(r.status).toBe(503);
    expect(r.body.message).toBe('Serviço temporariamente indisponível. Tente novamente em instantes.');
  });

  it('/api/health keeps its answer', async () => {
    expect(await plain.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
  });
});

describe('graceful shutdown', () => {
  it('once closing, ready says 503 "encerrando" during the drain, and a request in flight still gets its answer', async () => {
    const api = await TestApi.start('sqlite', { SHUTDOWN_DRAIN_SECONDS: '1' });
    const { port } = new URL(api.baseUrl);
    // A sign-in whose body is only half sent when the shutdown begins.
    const body = JSON.stringify({ email: 'ninguem@veritas.com.br', password: 'Errada!123' });
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    const ended = new Promise((r) => socket.once('close', r));
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((r) => setTimeout(r, 100));

    const closing = api.app.close();
    await new Promise((r) => setTimeout(r, 200));
    const ready = await api.get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.processo).toBe('encerrando');

    socket.write(body.slice(10));
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('Email ou senha inválidos.');
    await closing;
    await expect(fetch(`${api.baseUrl}/api/health/live`)).rejects.toThrow();
    fs.rmSync(api.dataDir, { recursive: true, force: true });
  });
});
