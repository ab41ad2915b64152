import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { APP_CONFIG, type AppConfig } from '../../backend/src/platform/config/config';
import { DocumentosService } from '../../backend/src/documentos/documentos.service';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { LocalS3, startS3 } from '../support/s3';

const BUCKET = 'veritas-docs';

describe.each(databaseKinds())('documents in S3-compatible storage (STORAGE=s3, %s)', (kind) => {
  let server: LocalS3;
  let api: TestApi;
  let s3: S3Client;

  beforeAll(async () => {
    server = await startS3([BUCKET]);
    const env = server.env(BUCKET);
    api = await TestApi.start(kind, env);
    await api.withStaff();
    await api.withCliente('clienteA');
    s3 = server.client();
  });
  afterAll(async () => {
    await api?.stop();
    await server?.stop();
  });

  async function upload(as: string, name: string, content: Buffer) {
    const form = new FormData();
    form.append('arquivo', new Blob([new Uint8Array(content)]), name);
    const res = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token[as]}` }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  }
  async function download(as: string, id: string) {
    const res = await fetch(`${api.baseUrl}/api/documentos/${id}/download`, { headers: { authorization: `Bearer ${api.token[as]}` } });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  // The documents' objects: the audit trail's signed checkpoints (auditoria/pontos/, ADR 0009) and the
  // queued system mail (mail/outbox/: a registration's welcome, ADR 0049) share the bucket.
  const objects = async () =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [])
      .map((o) => ({ key: o.Key!, size: o.Size! }))
      .filter((o) => !o.key.startsWith('auditoria/pontos/') && !o.key.startsWith('mail/outbox/'));
  const localFiles = () => {
    const dir = path.join(api.dataDir, 'arquivos');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
  };

  it('stores an upload as an object in the bucket (nothing on the local disk) and serves it back byte for byte', async () => {
    const pdf = samplePdf();
    const r = await upload('clienteA', 'contrato.pdf', pdf);
    expect(r.status).toBe(201);
    const objs = await objects();
    expect(objs).toHaveLength(1);
    expect(objs[0].key).toMatch(/^documentos\/[0-9a-f-]+\/[0-9a-f-]+$/);
    expect(objs[0].size).toBe(pdf.length);
    expect(localFiles()).toEqual([]);
    const got = await download('clienteA', r.body.data._id);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(pdf)).toBe(true);
    // The same authorization as on disk: another caller without rights gets nothing.
    expect((await fetch(`${api.baseUrl}/api/documentos/${r.body.data._id}/download`)).status).toBe(401);
  });

  it('a large document goes up in parts (multipart) and comes back whole', async () => {
    const big = Buffer.concat([samplePdf(), randomBytes(9 * 1024 * 1024)]);
    const r = await upload('clienteA', 'grande.pdf', big);
    expect(r.status).toBe(201);
    const got = await download('master', r.body.data._id);
    expect(got.status).toBe(200);
    expect(got.bytes.length).toBe(big.length);
    expect(got.bytes.equals(big)).toBe(true);
    expect(localFiles()).toEqual([]);
  });

  it('deleting a document removes its object', async () => {
    const r = await upload('clienteA', 'apagar.pdf', samplePdf());
    const before = (await objects()).length;
    const del = await api.del(`/api/documentos/${r.body.data._id}`, 'master');
    expect(del.status).toBeLessThan(300);
    expect((await objects()).length).toBe(before - 1);
    expect((await download('master', r.body.data._id)).status).toBe(404);
  });

  it('the sweep removes an object no row knows (a crash between object and row), and nothing else', async () => {
    const kept = await upload('clienteA', 'fica.pdf', samplePdf());
    const owner = (await objects()).find((o) => o.key.endsWith(kept.body.data._id))!.key.split('/')[1];
    const orphanKey = `documentos/${owner}/11111111-1111-4111-8111-111111111111`;
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: orphanKey, Body: samplePdf() }));
    const swept = await api.app.get(DocumentosService).sweepOrphans(0);
    expect(swept.orphans).toBe(1);
    const keys = (await objects()).map((o) => o.key);
    expect(keys).not.toContain(orphanKey);
    expect((await download('clienteA', kept.body.data._id)).status).toBe(200);
  });

  it('/api/health/ready checks the bucket', async () => {
    expect(await api.get('/api/health/ready')).toMatchObject({ status: 200, body: { checks: { database: 'ok', storage: 'ok' } } });
  });
});

describe('STORAGE=s3 with the bucket unreachable', () => {
  it('the replica starts but is not ready: 503 naming the storage', async () => {
    const api = await TestApi.start('sqlite', { STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:1', S3_BUCKET: 'x', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'segredo-s3', S3_FORCE_PATH_STYLE: 'true' });
    try {
      const r = await api.get('/api/health/ready');
      expect(r.status).toBe(503);
      expect(r.body.checks).toEqual({ database: 'ok', storage: 'falhou' });
      expect(JSON.stringify(r.body)).not.toMatch(/segredo|127\.0\.0\.1/);
    } finally {
      await api.stop();
    }
  });
});

// Replicas share a MySQL/MariaDB (SQLite is the single-box mode): only with TEST_MYSQL_URL.
(process.env.TEST_MYSQL_URL ? describe : describe.skip)('two replicas sharing MariaDB and the bucket', () => {
  let server: LocalS3;
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    server = await startS3([BUCKET]);
    const env = {
      ...server.env(BUCKET),
      JWT_SECRET: 'segredo-compartilhado-entre-replicas-0123456789',
    };
    a = await TestApi.start('mysql', env);
    const shared = (a.app.get(APP_CONFIG) as AppConfig).database as { url: string };
    b = await TestApi.start('mysql', { ...env, DATABASE_URL: shared.url });
    await a.withStaff();
    await a.withCliente('clienteA');
    b.token = a.token; // one session, valid on every replica
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await server?.stop();
  });

  it('a document uploaded through A downloads through B byte for byte, and B deletes it', async () => {
    const content = Buffer.concat([samplePdf(), randomBytes(200_000)]);
    const form = new FormData();
    form.append('arquivo', new Blob([content]), 'replicas.pdf');
    const up = await fetch(`${a.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${a.token.clienteA}` }, body: form });
    expect(up.status).toBe(201);
    const { data } = (await up.json()) as any;
    const res = await fetch(`${b.baseUrl}/api/documentos/${data._id}/download`, { headers: { authorization: `Bearer ${b.token.master}` } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
    expect((await b.del(`/api/documentos/${data._id}`, 'master')).status).toBeLessThan(300);
    expect((await a.get(`/api/documentos/${data._id}`, 'master')).status).toBe(404);
  });
});
