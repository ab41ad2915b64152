import { Logger } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import type { NextFunction, Request, Response } from 'express';
import { ConfigError } from '../config/config';
import { accessLog, JsonLogger, logFormatFrom } from './json-logger';
import { requestContextMiddleware, runInContext } from './request-context';

function capture() {
  const lines: string[] = [];
  const logger = new JsonLogger(undefined, { write: (l: string) => lines.push(l) });
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, lines, parsed };
}

describe('JsonLogger', () => {
  afterEach(() => Logger.overrideLogger(['log', 'warn', 'error']));

  it('writes one JSON object per line with time, level, context, msg and the context request id', () => {
    const { logger, lines, parsed } = capture();
    runInContext({ requestId: 'req-123' }, () => logger.log('Olá, "mundo"\nsegunda linha', 'Teste'));
    logger.warn('fora de requisição');
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    const [a, b] = parsed();
    expect(a).toEqual({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), level: 'log', context: 'Teste', msg: 'Olá, "mundo"\nsegunda linha', requestId: 'req-123' });
    expect(b).toMatchObject({ level: 'warn', msg: 'fora de requisição', requestId: null });
    expect(b).not.toHaveProperty('context');
  });

  it('takes what Nest passes: Logger(context).error(message, stack) and an object message spread into the line', () => {
    const { logger, parsed } = capture();
    Logger.overrideLogger(logger);
    const log = new Logger('Correio');
    runInContext({ requestId: 'abc' }, () => {
      log.error('falhou', 'Error: falhou\n    at x');
      log.log({ msg: 'enviado', tentativas: 2 });
      log.error('sem pilha');
    });
    expect(parsed()).toEqual([
      expect.objectContaining({ level: 'error', context: 'Correio', msg: 'falhou', stack: 'Error: falhou\n    at x', requestId: 'abc' }),
      expect.objectContaining({ level: 'log', context: 'Correio', msg: 'enviado', tentativas: 2, requestId: 'abc' }),
      expect.not.objectContaining({ stack: expect.anything() }),
    ]);
  });

  it('an Error as the message gives msg and stack; levels not enabled are not written', () => {
    const { logger, parsed } = capture();
    logger.setLogLevels(['error']);
    logger.log('não aparece');
    logger.debug('nem este');
    logger.error(new Error('quebrou'));
    const lines = parsed();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'quebrou', stack: expect.stringContaining('Error: quebrou') });
  });

  it('access log: one line per request with method, route template, status, ms and the request id', () => {
    const { logger, parsed } = capture();
    const res = Object.assign(new EventEmitter(), { statusCode: 0, setHeader: jest.fn() }) as unknown as Response & EventEmitter;
    const req = { method: 'GET', path: '/api/users/42', baseUrl: '', route: { path: '/api/users/:id' }, headers: { 'x-request-id': 'dado-pelo-cliente' }, ip: '10.0.0.1' } as unknown as Request;
    // As in bootstrap: the context middleware first, then the access log inside it.
    requestContextMiddleware()(req, res, (() => accessLog(logger)(req, res, (() => undefined) as NextFunction)) as NextFunction);
    res.statusCode = 404;
    res.emit('finish');
    expect(parsed()).toEqual([
      { time: expect.any(String), level: 'log', context: 'HTTP', msg: 'request', method: 'GET', route: '/api/users/:id', status: 404, ms: expect.any(Number), requestId: 'dado-pelo-cliente' },
    ]);
  });

  it('LOG_FORMAT is text by default, json on request, anything else a configuration error', () => {
    expect(logFormatFrom({})).toBe('text');
    expect(logFormatFrom({ LOG_FORMAT: ' JSON ' })).toBe('json');
    expect(() => logFormatFrom({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
  });
});
