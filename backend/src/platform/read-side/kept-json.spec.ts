import * as zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { keptJson, listResponse } from './list-query';

/** The text of kept bytes sent uncompressed. */
const text = (out: Buffer) => out.toString('utf8');

/** A reply that keeps the headers set on it, answering a GET whose Accept-Encoding lists `accept`. */
function fakeRes(accept: string[] = []): FastifyReply & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return {
    headers,
    request: { method: 'GET', headers: accept.length ? { 'accept-encoding': accept.join(', ') } : {} },
    header(k: string, v: string) {
      headers[k.toLowerCase()] = v;
      return this;
    },
  } as unknown as FastifyReply & { headers: Record<string, string> };
}

describe('keptJson', () => {
  const req = { skip: 0, take: 25, sortColumn: 'x', sortOrder: 'DESC' as const, filter: {} };

  it('serializes a kept answer once and sends the same text while it is the same object', () => {
    const answer: [object[], { total: number; exato: boolean }] = [[{ a: 1 }, { a: 'ção' }], { total: 2, exato: true }];
    let made = 0;
    const body = (res: FastifyReply) => () => (made++, listResponse(res, 'itens', req, answer[0], answer[1]));
    const r1 = fakeRes();
    const t1 = keptJson(r1, answer, body(r1));
    const r2 = fakeRes();
    const t2 = keptJson(r2, answer, body(r2));
    expect(JSON.parse(text(t1))).toEqual({ data: [{ a: 1 }, { a: 'ção' }], total: 2 });
    // The very bytes encoded the first time, sent again.
    expect(t2).toBe(t1);
    expect(r2.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(made).toBe(2);
  });

  it('serializes an answer made anew, even with equal contents', () => {
    const a = [[{ a: 1 }], { total: 1, exato: true }] as const;
    const b = [[{ a: 2 }], { total: 1, exato: true }] as const;
    const res = fakeRes();
    expect(JSON.parse(text(keptJson(res, a, () => ({ data: a[0] }))))).toEqual({ data: [{ a: 1 }] });
    expect(JSON.parse(text(keptJson(res, b, () => ({ data: b[0] }))))).toEqual({ data: [{ a: 2 }] });
  });

  it('compresses a kept answer of 1 KB or more once per encoding a browser asks for, and a small one never', () => {
    const big = [[...Array(60).keys()].map((i) => ({ nome: `Cliente número ${i}` })), { total: 60, exato: true }] as const;
    const small = [[{ a: 1 }], { total: 1, exato: true }] as const;
    const send = (kept: object, accept: string[]) => {
      const res = fakeRes(accept);
      const out = keptJson(res, kept, () => ({ data: (kept as typeof big)[0] }));
      return { res, out };
    };
    const identity = send(big, []);
    const plain = text(identity.out);
    expect(identity.res.headers['content-encoding']).toBeUndefined();
    const br1 = send(big, ['br', 'gzip']);
    const br2 = send(big, ['br']);
    const gz = send(big, ['gzip']);
    for (const [sent, encoding] of [
      [br1, 'br'],
      [br2, 'br'],
      [gz, 'gzip'],
    ] as const) {
      expect([sent.res.headers['content-encoding'], sent.res.headers.vary]).toEqual([encoding, 'Accept-Encoding']);
    }
    const [b1, b2, g] = [br1.out, br2.out, gz.out];
    // The very bytes compressed the first time, sent again (not compressed anew).
    expect(b2).toBe(b1);
    expect(zlib.brotliDecompressSync(b1).toString('utf8')).toBe(plain);
    expect(zlib.gunzipSync(g).toString('utf8')).toBe(plain);
    expect(b1.length).toBeLessThan(plain.length / 2);
    // The threshold is in bytes, as the middleware's: 600 "ç" are 1,200 bytes in under 1,024 characters.
    const accented = [[{ n: 'ç'.repeat(600) }], { total: 1, exato: true }] as const;
    expect(send(accented, ['gzip']).res.headers['content-encoding']).toBe('gzip');
    const tiny = send(small, ['br']);
    expect(JSON.parse(text(tiny.out))).toEqual({ data: [{ a: 1 }] });
    expect(tiny.res.headers['content-encoding']).toBeUndefined();
  });
});
