/*
 * Compressed delivery (issue 10): the front ends' files precompressed at build time
 * (scripts/precompress.mjs) and chosen by Accept-Encoding; API answers above 1 KB compressed per
 * request. Read with node:http, which (unlike fetch) hands over the bytes as sent.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(baseUrl: string, urlPath: string, acceptEncoding?: string, token?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    if (token) headers.authorization = `Bearer ${token}`;
    http
      .get(baseUrl + urlPath, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** A built public site in miniature: one hashed script, one page; then the real build script. */
function fakeWebRoot(): { root: string; script: Buffer; page: Buffer } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-web-'));
  const dist = path.join(root, 'public-site', 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const valor${i} = 'Serviço número ${i}';\n`).join(''));
  const page = Buffer.from(`<!doctype html><html lang="pt-BR"><head><title>Veritas</title></head><body>${'<p>Abertura de empresas.</p>'.repeat(100)}</body></html>`);
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
  fs.writeFileSync(path.join(dist, 'index.html'), page);
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-Zz9.js'), 'export {};\n');
  execFileSync(process.execPath, [path.resolve(__dirname, '../../scripts/precompress.mjs'), dist], { stdio: 'ignore' });
  return { root, script, page };
}

describe.each(databaseKinds())('compressed delivery on %s', (kind) => {
  let api: TestApi;
  let web: ReturnType<typeof fakeWebRoot>;
  beforeAll(async () => {
    web = fakeWebRoot();
    api = await TestApi.start(kind, { WEB_ROOT: web.root });
  });
  afterAll(async () => {
    await api.stop();
    fs.rmSync(web.root, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts br, decoding to the same bytes, cached as immutable', async () => {
    const r = await rawGet(api.baseUrl, '/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    expect(r.headers['cache-control']).toContain('immutable');
    expect(r.body.length).toBeLessThan(web.script.length / 3);
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(zlib.brotliDecompressSync(r.body).equals(web.script)).toBe(true);
  });

  it('sends gzip to a browser that accepts only gzip, and to one that rates it above br', async () => {
    for (const accept of ['gzip', 'br;q=0.5, gzip']) {
      const r = await rawGet(api.baseUrl, '/assets/index-AbC123.js', accept);
      expect(r.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(r.body).equals(web.script)).toBe(true);
    }
  });

  it('sends the file as it is without Accept-Encoding, or when the codings are refused', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const r = await rawGet(api.baseUrl, '/assets/index-AbC123.js', accept);
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.headers.vary).toMatch(/Accept-Encoding/i);
      expect(r.body.equals(web.script)).toBe(true);
    }
  });

  it('negotiates the prerendered pages too, which stay revalidated (no-cache)', async () => {
    const r = await rawGet(api.baseUrl, '/', 'br');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(r.body).equals(web.page)).toBe(true);
  });

  it('leaves a file too small to gain uncompressed', async () => {
    const r = await rawGet(api.baseUrl, '/assets/tiny-Zz9.js', 'br, gzip');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.toString()).toBe('export {};\n');
  });

  it('compresses a large JSON answer and not a small one', async () => {
    const small = await rawGet(api.baseUrl, '/api/health', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ status: 'ok', database: 'ok' });

    const large = await rawGet(api.baseUrl, '/api/docs-json', 'gzip');
    expect(large.status).toBe(200);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers.vary).toMatch(/Accept-Encoding/i);
    const doc = JSON.parse(zlib.gunzipSync(large.body).toString());
    expect(doc.openapi).toBeDefined();

    const plain = await rawGet(api.baseUrl, '/api/docs-json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(large.body.length);
  });

  it('compresses a list page above 1 KB and still names its rows in Content-Range', async () => {
    await api.withStaff();
    const r = await rawGet(api.baseUrl, `/api/auditoria?range=${encodeURIComponent('[0,24]')}`, 'br', api.token.master);
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-range']).toMatch(/^auditoria 0-\d+\/\d+$/);
    const text = zlib.brotliDecompressSync(r.body);
    expect(text.length).toBeGreaterThanOrEqual(1024);
    const page = JSON.parse(text.toString());
    expect(r.headers['content-range']).toBe(`auditoria 0-${page.data.length - 1}/${page.total}`);
  });
});
