import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { callableConstructor, madeWith, PrototypedExpressAdapter } from './express-server';

describe('PrototypedExpressAdapter (requests made as express’s own, no prototype swapped per request)', () => {
  let adapter: PrototypedExpressAdapter;
  let server: Server;
  let base: string;
  const arrived: { req: object | null; res: object | null }[] = [];

  beforeAll(async () => {
    adapter = new PrototypedExpressAdapter();
    adapter.initHttpServer({});
    server = adapter.getHttpServer() as Server;
    // Before express's handler: the prototypes the http server gave the objects.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => arrived.push({ req: Object.getPrototypeOf(req), res: Object.getPrototypeOf(res) }));
    adapter.get('/eco/:nome', (req: Request, res: Response) => {
      res.status(201).set('X-Teste', 'sim').json({ nome: req.params.nome, q: req.query.q ?? null, host: req.get('host') ?? null, app: req.app === adapter.getInstance() });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('hands express objects whose prototype is already app.request / app.response, and they work as express’s', async () => {
    const app = adapter.getInstance<{ request: object; response: object }>();
    for (const nome of ['ana', 'joão']) {
      const r = await fetch(`${base}/eco/${encodeURIComponent(nome)}?q=x`);
      expect(r.status).toBe(201);
      expect(r.headers.get('x-teste')).toBe('sim');
      expect(await r.json()).toEqual({ nome, q: 'x', host: new URL(base).host, app: true });
    }
    expect(arrived).toHaveLength(2);
    for (const a of arrived) {
      expect(a.req).toBe(app.request);
      expect(a.res).toBe(app.response);
    }
  });

  it('keeps http’s own behaviour: a 404 from express, a body read from the stream', async () => {
    const r = await fetch(`${base}/nada`);
    expect(r.status).toBe(404);
    adapter.post('/corpo', (req: Request, res: Response) => {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c)).on('end', () => res.json({ bytes: Buffer.concat(parts).length }));
    });
    const p = await fetch(`${base}/corpo`, { method: 'POST', body: 'x'.repeat(70_000) });
    expect(await p.json()).toEqual({ bytes: 70_000 });
  });
});

describe('madeWith / callableConstructor', () => {
  it('makes instances with the given prototype, initialised by the old-style constructor', () => {
    function Base(this: { a: unknown; b: unknown }, a: unknown, b: unknown) {
      this.a = a;
      this.b = b;
    }
    const proto = Object.create(Base.prototype, { marca: { value: 'proto' } });
    const Made = madeWith(Base as unknown as new (a: unknown, b: unknown) => { a: unknown; b: unknown; marca: string }, proto);
    const o = new Made(1, 2);
    expect(Object.getPrototypeOf(o)).toBe(proto);
    expect(o).toBeInstanceOf(Base);
    expect([o.a, o.b, o.marca]).toEqual([1, 2, 'proto']);
  });

  it('tells a class (not callable with a this) from an old-style function', () => {
    expect(callableConstructor(class Algo {})).toBe(false);
    expect(callableConstructor(function Algo() {})).toBe(true);
  });
});
