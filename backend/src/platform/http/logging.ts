import type { DynamicModule } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LoggerModule } from 'nestjs-pino';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { routeTemplate } from '../metrics';
import { contextOf, currentContext } from '../request';

/** Nest's level names, which the lines have always carried (pino's `info` is Nest's `log`). */
const NEST_LEVELS: Readonly<Record<string, string>> = { info: 'log', trace: 'verbose' };

/**
 * One JSON object per line: {time, level, context, msg, requestId, ...}. The request id comes from
 * the current request's (or job's) context, so every line a request or the job it queued writes
 * can be found by it (null at start-up). An error's stack goes in `stack`, as a string.
 */
export const JSON_LOG_OPTIONS: LoggerOptions = {
  level: 'info',
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: {
    level: (label) => ({ level: NEST_LEVELS[label] ?? label }),
    // No pid or hostname: the mixin gives the request id.
    bindings: () => ({}),
    log: ({ err, ...line }) => (err instanceof Error ? { ...line, stack: err.stack } : err === undefined ? line : { ...line, err }),
  },
  mixin: () => ({ requestId: currentContext()?.requestId ?? null }),
};

/**
 * The access line of a request (json mode): method, route template (never the raw path: no ids or
 * query strings in the logs), status, milliseconds and the request id, taken from the context the
 * request was given at its arrival (the answer may finish outside it). A 5xx's error is logged where
 * it happened.
 */
function accessLine(req: FastifyRequest, reply: FastifyReply) {
  const ms = Math.round(reply.elapsedTime);
  return { context: 'HTTP', msg: 'request', method: req.method, route: routeTemplate(req), status: reply.statusCode, ms, requestId: contextOf(req)?.requestId ?? null };
}

export interface JsonLogging {
  /** nestjs-pino over this logger: Nest's Logger calls become JSON lines. */
  module: DynamicModule;
  /** One access line per request over the same logger, once its answer is sent (Fastify's onResponse). */
  accessLog(app: FastifyInstance): void;
}

/**
 * LOG_FORMAT=json: one pino logger (stdout by default) behind Nest's Logger and the access log.
 * nestjs-pino binds no middleware (`forRoutes: []`: the HTTP platform runs hooks, not middleware);
 * its lines take the request id from our own request context through the logger's mixin.
 */
export function jsonLogging(destination: DestinationStream = pino.destination({ fd: 1, sync: true })): JsonLogging {
  const logger = pino(JSON_LOG_OPTIONS, destination);
  return {
    module: LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true, forRoutes: [] }),
    accessLog: (app) =>
      app.addHook('onResponse', (req, reply, done) => {
        logger.info(accessLine(req, reply));
        done();
      }),
  };
}
