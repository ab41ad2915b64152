import type { LoggerService, LogLevel } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ConfigError } from '../config/config';
import { routeTemplate } from '../metrics/metrics.service';
import { currentContext } from './request-context';

export type LogFormat = 'text' | 'json';

/** LOG_FORMAT: `text` (Nest's coloured lines, the default) or `json` (one object per line, for a log collector). */
export function logFormatFrom(env: NodeJS.ProcessEnv): LogFormat {
  const v = env.LOG_FORMAT?.trim().toLowerCase() || 'text';
  if (v !== 'text' && v !== 'json') throw new ConfigError(`LOG_FORMAT deve ser "text" ou "json" (recebido: ${JSON.stringify(env.LOG_FORMAT)}).`);
  return v;
}

interface Sink {
  write(line: string): unknown;
}

/**
 * A Nest LoggerService writing one JSON object per line: {time, level, context, msg, requestId, ...}.
 * The request id comes from the current request's (or job's) context, so every line a request or
 * the job it queued writes can be found by it. A message given as an object is spread into the
 * line (`{ msg, method, route, status, ms }`); an error's stack goes in `stack`.
 */
export class JsonLogger implements LoggerService {
  private levels: Set<LogLevel>;

  constructor(
    levels: LogLevel[] = ['log', 'warn', 'error', 'fatal'],
    private readonly out: Sink = process.stdout,
  ) {
    this.levels = new Set(levels);
  }

  setLogLevels(levels: LogLevel[]): void {
    this.levels = new Set(levels);
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('log', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('verbose', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }
  /** Nest calls error(message, stack?, context?). */
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  private write(level: LogLevel, message: unknown, params: unknown[]): void {
    if (!this.levels.has(level)) return;
    // Nest appends the logger's context as the last string parameter; an error's stack comes before it.
    const rest = [...params];
    const context = rest.length && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const stack = rest.find((p): p is string => typeof p === 'string' && p.length > 0);
    const line: Record<string, unknown> = { time: new Date().toISOString(), level, context };
    if (message instanceof Error) {
      line.msg = message.message;
      line.stack = message.stack;
    } else if (message && typeof message === 'object') {
      Object.assign(line, message);
    } else {
      line.msg = String(message);
    }
    if (stack) line.stack = stack;
    if (line.requestId === undefined) line.requestId = currentContext()?.requestId ?? null;
    try {
      this.out.write(`${JSON.stringify(line)}\n`);
    } catch {
      this.out.write(`${JSON.stringify({ time: line.time, level, context, msg: String(line.msg ?? message), requestId: line.requestId })}\n`);
    }
  }
}

/**
 * One access line per request (json mode): method, route template (never the raw path: no ids or
 * query strings in the logs), status, milliseconds and the request id. Mounted after the request
 * context middleware; the id is taken when the request starts, since 'finish' fires outside it.
 */
export function accessLog(logger: LoggerService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    const requestId = currentContext()?.requestId ?? null;
    res.once('finish', () => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      logger.log({ msg: 'request', method: req.method, route: routeTemplate(req), status: res.statusCode, ms, requestId }, 'HTTP');
    });
    next();
  };
}
