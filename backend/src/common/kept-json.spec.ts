import type { Response } from 'express';
import { keptJson, listResponse } from './list-query';

/** A Response that keeps the headers set on it. */
function fakeRes(): Response & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return {
    headers,
    setHeader(k: string, v: string) {
      headers[k.toLowerCase()] = v;
      return this;
    },
    type(t: string) {
      headers['content-type'] = t;
      return this;
    },
  } as unknown as Response & { headers: Record<string, string> };
}

describe('keptJson', () => {
  const req = { skip: 0, take: 25, sortColumn: 'x', sortOrder: 'DESC' as const, filter: {} };

  it('serializes a kept answer once and sends the same text while it is the same object', () => {
    const answer: [object[], { total: number; exato: boolean }] = [[{ a: 1 }, { a: 'ção' }], { total: 2, exato: true }];
    let made = 0;
    const body = (res: Response) => () => (made++, listResponse(res, 'itens', req, answer[0], answer[1]));
    const r1 = fakeRes();
    const t1 = keptJson(r1, answer, body(r1));
    const r2 = fakeRes();
    const t2 = keptJson(r2, answer, body(r2));
    expect(JSON.parse(t1)).toEqual({ data: [{ a: 1 }, { a: 'ção' }], total: 2 });
    expect(t2).toBe(t1);
    // The headers are set on every answer sent.
    expect([r1.headers['content-range'], r2.headers['content-range']]).toEqual(['itens 0-1/2', 'itens 0-1/2']);
    expect(r2.headers['content-type']).toBe('application/json');
    expect(made).toBe(2);
  });

  it('serializes an answer made anew, even with equal contents', () => {
    const a = [[{ a: 1 }], { total: 1, exato: true }] as const;
    const b = [[{ a: 2 }], { total: 1, exato: true }] as const;
    const res = fakeRes();
    expect(JSON.parse(keptJson(res, a, () => ({ data: a[0] })))).toEqual({ data: [{ a: 1 }] });
    expect(JSON.parse(keptJson(res, b, () => ({ data: b[0] })))).toEqual({ data: [{ a: 2 }] });
  });
});
