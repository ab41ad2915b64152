import { createServer as createHttpServer, IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

type Prototyped = { request: object; response: object };

/**
 * A constructor whose instances have `proto` as their prototype from the start and are initialised by
 * `base`, called as the old-style function it is in Node (`IncomingMessage.call(this, socket)`, as http's
 * own subclasses do). Measured: made through `Reflect.construct(base, args, Made)` instead, a bare express
 * app served 5,500 requests a second against 8,500 as it was and 21,000–22,000 this way.
 */
export function madeWith<T>(base: T, proto: object): T {
  const init = base as unknown as (this: unknown, a: unknown, b: unknown) => void;
  // Two arguments: http makes `new IncomingMessage(socket)` and `new ServerResponse(req, options)`.
  function Made(this: unknown, a: unknown, b: unknown) {
    init.call(this, a, b);
  }
  Made.prototype = proto;
  return Made as unknown as T;
}

/** Whether `fn` is an old-style function constructor (callable with a `this`), not a `class`. */
export function callableConstructor(fn: unknown): boolean {
  return !/^class\b/.test(Function.prototype.toString.call(fn));
}

/**
 * The http server's request and response objects, created as express's own (`app.request`,
 * `app.response`) instead of plain ones whose prototype express replaces on every request.
 *
 * Express's `app.handle` does `Object.setPrototypeOf(req, app.request)` (and the same for `res`) on each
 * request, to support mounted sub-apps (expressjs/express#4368). In V8 that change made every request's
 * objects outlive the young generation: measured on Node 20 with `--trace-gc-nvp`, a bare express app
 * promoted ~2.8 MB to the old generation at each scavenge (28 % of what it allocated) and paused ~2.9 ms
 * per scavenge; created with the right prototype (`setPrototypeOf` then finds it already in place and
 * does nothing), ~0.01 MB and ~0.35 ms, and +15–28 % requests a second with one connection, 2.5× with 50
 * (expressjs/express#5998, nodejs/node#37457).
 * The objects are the same: express's methods, over http's IncomingMessage and ServerResponse.
 */
export function prototypedServerOptions(app: Prototyped): { IncomingMessage?: typeof IncomingMessage; ServerResponse?: typeof ServerResponse } {
  // Should a later Node make them classes, the server keeps its own (and express its setPrototypeOf).
  if (!callableConstructor(IncomingMessage) || !callableConstructor(ServerResponse)) return {};
  return {
    IncomingMessage: madeWith(IncomingMessage, app.request),
    ServerResponse: madeWith(ServerResponse, app.response),
  };
}

/**
 * Bytes a handler answers as they are (a kept list page already compressed: keptJson), with the headers the
 * handler set. Nest's adapter sends a Buffer as JSON, and a StreamableFile through a new Readable, a
 * Transform and a pipe on every request: for a 4 KB page kept in memory that was a quarter of the answer's
 * CPU (issue 14). PrototypedExpressAdapter.reply sends these with express's `res.send`, one write.
 */
export class SentBytes {
  constructor(readonly bytes: Buffer) {}
}

/**
 * Nest's express adapter, with its http(s) server built by prototypedServerOptions, and SentBytes sent as
 * they are.
 */
export class PrototypedExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!(body instanceof SentBytes)) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    return response.send(body.bytes);
  }

  override initHttpServer(options: NestApplicationOptions): void {
    const app = this.getInstance<Prototyped & Parameters<typeof createHttpServer>[1]>();
    const prototyped = prototypedServerOptions(app);
    this.httpServer = options?.httpsOptions ? createHttpsServer({ ...options.httpsOptions, ...prototyped }, app) : createHttpServer(prototyped, app);
    // As ExpressAdapter.initHttpServer does (its method is private in the typings).
    if (options?.forceCloseConnections) (this as unknown as { trackOpenConnections(): void }).trackOpenConnections();
  }
}
