import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Who acts in the current request or job: a staff user, a client company, or the system. */
export interface Actor {
  kind: 'user' | 'cliente' | 'sistema';
  id: string | null;
  email?: string | null;
  /** How the trail names the actor when it is not the row's own name: a client's member, "Ana Souza (Contador)" (ADR 0058). */
  nome?: string;
}

/**
 * What the current request (or the job it started) carries everywhere without passing it along:
 * its id (logs, jobs, the audit trail), the caller's address and, once the access guard has
 * authenticated it, who is acting. One mutable object per request, in an AsyncLocalStorage.
 */
export interface RequestContext {
  requestId: string;
  ip: string | null;
  actor: Actor | null;
  /** A GET or HEAD: a request that reads (its data versions may be read with its sign-in check). */
  leitura?: boolean;
  /**
   * The data versions read with this request's sign-in check (DataVersions.noteRequestVersions), in the
   * same statement as the person: what its list and report caches compare with, saving each of them a
   * round trip to the database. Dropped when the request writes (withTransaction) or when it is old.
   */
  versoes?: { em: number; porTabela: ReadonlyMap<string, string> };
}

const storage = new AsyncLocalStorage<RequestContext>();

/** A caller-supplied id is kept only if it is short and plain (it ends up in logs). */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The current request's context, or undefined outside any request or job. */
export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs fn in a context of its own (a job, a script): a new id unless one is carried over. */
export function runInContext<T>(ctx: Partial<RequestContext>, fn: () => T): T {
  return storage.run({ requestId: ctx.requestId ?? randomUUID(), ip: ctx.ip ?? null, actor: ctx.actor ?? null }, fn);
}

/** Sets who is acting in the current context (the access guard, the sign-in routes). */
export function setActor(actor: Actor): void {
  const ctx = storage.getStore();
  if (ctx) ctx.actor = actor;
}

/** The context each request was given when it arrived. */
const contexts = new WeakMap<FastifyRequest, RequestContext>();

/** The context made for a request at its arrival (the hooks that run outside it: logs, metrics). */
export function contextOf(req: FastifyRequest): RequestContext | undefined {
  return contexts.get(req);
}

/**
 * Every request runs in a context; its id is answered as X-Request-Id. Fastify reads a body from
 * the socket's events, which run outside the context the request started in, so the context is
 * entered again once the body is read (preValidation): guards, pipes, handlers and the error filter
 * all see it — the way @fastify/request-context keeps its store across the body.
 */
export function requestContextHooks(app: FastifyInstance): void {
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
    reply.header('X-Request-Id', requestId);
    const leitura = req.method === 'GET' || req.method === 'HEAD';
    const ctx: RequestContext = { requestId, ip: req.ip ?? req.socket?.remoteAddress ?? null, actor: null, leitura };
    contexts.set(req, ctx);
    storage.run(ctx, done);
  });
  app.addHook('preValidation', (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const ctx = contexts.get(req);
    if (ctx && storage.getStore() !== ctx) storage.run(ctx, done);
    else done();
  });
}
