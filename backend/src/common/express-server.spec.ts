import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { Controller, Get, Head, HttpCode, Module, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { callableConstructor, madeWith, PrototypedExpressAdapter, SentBytes } from './express-server';

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

describe('PrototypedExpressAdapter.reply: SentBytes', () => {
  const bytes = Buffer.from(JSON.stringify({ nome: 'São João', n: [1, 2, 3] }));

  @Controller('bytes')
  class BytesController {
    @Get()
    json(@Res({ passthrough: true }) res: Response) {
      res.type('application/json').setHeader('Content-Range', 'itens 0-2/3');
      return new SentBytes(bytes);
    }

    @Head()
    head(@Res({ passthrough: true }) res: Response) {
      res.type('application/json');
      return new SentBytes(bytes);
    }

    @Get('criado')
    @HttpCode(201)
    criado() {
      return new SentBytes(Buffer.from('feito'));
    }

    @Get('objeto')
    objeto() {
      return { ok: true };
    }
  }

  @Module({ controllers: [BytesController] })
  class BytesModule {}

  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(BytesModule, new PrototypedExpressAdapter(), { logger: false });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(() => app.close());

  it('sends the bytes as they are, with the headers and status the handler set and their length', async () => {
    const r = await fetch(`${base}/bytes`);
    expect(r.status).toBe(200);
    expect([r.headers.get('content-type'), r.headers.get('content-length'), r.headers.get('content-range')]).toEqual(['application/json; charset=utf-8', String(bytes.length), 'itens 0-2/3']);
    expect(Buffer.from(await r.arrayBuffer()).equals(bytes)).toBe(true);
    const c = await fetch(`${base}/bytes/criado`);
    expect([c.status, c.headers.get('content-type'), await c.text()]).toEqual([201, 'application/octet-stream', 'feito']);
  });

  it('sends no body to a HEAD, and every other answer as Nest does', async () => {
    const h = await fetch(`${base}/bytes`, { method: 'HEAD' });
    expect([h.status, h.headers.get('content-length'), (await h.arrayBuffer()).byteLength]).toEqual([200, String(bytes.length), 0]);
    const o = await fetch(`${base}/bytes/objeto`);
    expect(await o.json()).toEqual({ ok: true });
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
