import { Logger } from '@nestjs/common';
import Fastify from 'fastify';
import { Logger as PinoNestLogger, PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import { JSON_LOG_OPTIONS, jsonLogging } from './logging';
import { requestContextHooks, runInContext } from '../request';

function capture() {
  const lines: string[] = [];
  const sink = { write: (l: string) => lines.push(l) };
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { sink, lines, parsed };
}

describe('JSON logs (LOG_FORMAT=json: pino through nestjs-pino, and the access line)', () => {
  afterEach(() => Logger.overrideLogger(['log', 'warn', 'error']));

  it("Nest's Logger writes one JSON object per line with time, level, context, msg and the context's request id", () => {
    const { sink, lines, parsed } = capture();
    const logger = pino(JSON_LOG_OPTIONS, sink);
    const params = { pinoHttp: { logger }, useExisting: true as const };
    Logger.overrideLogger(new PinoNestLogger(new PinoLogger(params), params));
    const log = new Logger('Correio');
    runInContext({ requestId: 'req-123' }, () => {
      log.log('Olá, "mundo"\nsegunda linha');
      log.error('falhou', 'Error: falhou\n    at x');
      log.log({ msg: 'enviado', tentativas: 2 });
      log.error('sem pilha');
    });
    log.warn('fora de requisição');
    logger.debug('não aparece');
    expect(lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    expect(parsed()).toEqual([
      { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), level: 'log', context: 'Correio', msg: 'Olá, "mundo"\nsegunda linha', requestId: 'req-123' },
      { time: expect.any(String), level: 'error', context: 'Correio', msg: 'falhou', stack: 'Error: falhou\n    at x', requestId: 'req-123' },
      { time: expect.any(String), level: 'log', context: 'Correio', msg: 'enviado', tentativas: 2, requestId: 'req-123' },
      { time: expect.any(String), level: 'error', context: 'Correio', msg: 'sem pilha', requestId: 'req-123' },
      { time: expect.any(String), level: 'warn', context: 'Correio', msg: 'fora de requisição', requestId: null },
    ]);
  });

  it('an Error logged by itself gives msg and stack', () => {
    const { sink, parsed } = capture();
    pino(JSON_LOG_OPTIONS, sink).error(new Error('quebrou'));
    expect(parsed()[0]).toMatchObject({ level: 'error', msg: 'quebrou', stack: expect.stringContaining('Error: quebrou') });
    expect(parsed()[0]).not.toHaveProperty('err');
  });

  async function served(sink: { write(l: string): void }) {
    const app = Fastify();
    requestContextHooks(app);
    jsonLogging(sink).accessLog(app);
    app.get('/api/users/:id', (_req, reply) => reply.code(404).send({}));
    app.post('/qualquer', (_req, reply) => reply.code(503).send({}));
    await app.ready();
    return app;
  }

  it('access log: one line per request with method, route template, status, ms and the request id', async () => {
    const { sink, parsed } = capture();
    const app = await served(sink);
    await app.inject({ method: 'GET', url: '/api/users/42?x=1', headers: { 'x-request-id': 'dado-pelo-cliente' } });
    await app.close();
    expect(parsed()).toEqual([
      { time: expect.any(String), level: 'log', context: 'HTTP', msg: 'request', method: 'GET', route: '/api/users/:id', status: 404, ms: expect.any(Number), requestId: 'dado-pelo-cliente' },
    ]);
  });

  it('a 5xx access line carries no stack of its own (the error is logged where it happened)', async () => {
    const { sink, parsed } = capture();
    const app = await served(sink);
    await app.inject({ method: 'POST', url: '/qualquer' });
    await app.close();
    const [line] = parsed();
    expect(line).toMatchObject({ level: 'log', context: 'HTTP', msg: 'request', method: 'POST', route: '/qualquer', status: 503, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(line).not.toHaveProperty('stack');
    expect(line).not.toHaveProperty('err');
  });
});
