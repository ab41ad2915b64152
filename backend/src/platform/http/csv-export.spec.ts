import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import type { CsvColumn } from '@veritas/common';
import { streamCsv } from './csv-export';

/**
 * A streamed export much larger than the socket's buffers, read slowly: the answer stops for the
 * connection many times ('drain'), and nothing may be left behind per stop (issue 55 saw a 'close'
 * listener added per drain, then MaxListenersExceededWarning).
 */
describe('streamCsv over a slow connection', () => {
  const ROWS = 8_000;
  const columns: CsvColumn<{ n: number; texto: string }>[] = [
    { header: 'Número', value: (r) => r.n },
    { header: 'Texto', value: (r) => r.texto },
  ];
  let app: FastifyInstance;
  let base: string;
  let drains = 0;
  let closeListeners: number[] = [];
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);

  beforeAll(async () => {
    app = Fastify();
    await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
    app.get('/exportar', async (req, reply) => {
      reply.raw.on('drain', () => {
        drains += 1;
        closeListeners.push(reply.raw.listenerCount('close') + (reply.raw.socket?.listenerCount('close') ?? 0));
      });
      await streamCsv(reply, {
        filename: 'x.csv',
        columns,
        req: { skip: 0, take: 200, sortColumn: 'n', sortOrder: 'ASC', filter: {} },
        // Random text: gzip cannot shrink it below the socket's buffers.
        fetchPage: async (r) => [
          Array.from({ length: Math.max(0, Math.min(r.take, ROWS - r.skip)) }, (_, i) => ({ n: r.skip + i, texto: randomBytes(300).toString('hex') })),
          ROWS,
        ],
      });
      return reply;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    process.on('warning', onWarning);
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await app.close();
  });

  /** Reads the answer a piece at a time, pausing after each: the server keeps meeting a full socket. */
  function slowGet(encoding: string): Promise<{ bytes: number; lines: number }> {
    return new Promise((resolve, reject) => {
      http
        .get(`${base}/exportar`, { headers: { 'accept-encoding': encoding } }, (res) => {
          let bytes = 0;
          let lines = 0;
          res.on('data', (c: Buffer) => {
            bytes += c.length;
            if (encoding === 'identity') for (const b of c) if (b === 0x0a) lines += 1;
            res.pause();
            setTimeout(() => res.resume(), 1);
          });
          res.on('end', () => resolve({ bytes, lines }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  }

  it.each(['identity', 'gzip'])('meets many drains and leaves no listener behind (%s)', async (encoding) => {
    drains = 0;
    closeListeners = [];
    const got = await slowGet(encoding);
    if (encoding === 'identity') expect(got.lines).toBe(ROWS);
    expect(got.bytes).toBeGreaterThan(1_500_000);
    expect(drains).toBeGreaterThan(10);
    // As many 'close' listeners at the last drain as at the first: none left per drain.
    expect(Math.max(...closeListeners)).toBe(closeListeners[0]);
    await new Promise((r) => setImmediate(r));
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  }, 60_000);
});
