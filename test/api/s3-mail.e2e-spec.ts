import * as fs from 'node:fs';
import * as path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createTransport } from 'nodemailer';
import { MailOrphanSweep } from '../../backend/src/mail/mail-sweep.job';
import { MailService } from '../../backend/src/mail/mail.service';
import { SmtpListener } from '../../backend/src/mail/smtp-listener.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { LocalS3, startS3 } from '../support/s3';
import { freePort } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';

const BUCKET = 'veritas-mail';

/** Mail files (bodies, attachments, outbox payloads) in the bucket with STORAGE=s3, nothing on the local disk. */
describe.each(databaseKinds())('mail files in S3-compatible storage (STORAGE=s3, %s)', (kind) => {
  let server: LocalS3;
  let api: TestApi;
  let s3: S3Client;
  let sink: SmtpSink;

  beforeAll(async () => {
    server = await startS3([BUCKET]);
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, {
      ...server.env(BUCKET),
      SMTP_PORT: String(await freePort()),
      SMTP_URL: sink.url,
    });
    await api.withStaff();
    s3 = server.client();
  });
  afterAll(async () => {
    await api?.stop();
    await sink?.stop();
    await server?.stop();
  });

  const mailObjects = async () =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'mail/' }))).Contents ?? []).map((o) => o.Key!);
  const localMailFiles = () => {
    const dir = path.join(api.dataDir, 'mail');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
  };
  const inbox = async (who: string, q: string) =>
    (await api.get(`/api/emails/inbox?filter=${encodeURIComponent(JSON.stringify({ q }))}`, who)).body.data as any[];
  const download = async (who: string, id: string) => {
    const res = await fetch(`${api.baseUrl}/api/emails/attachment/${id}`, { headers: { authorization: `Bearer ${api.token[who]}` } });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('sent mail with an attachment: body and attachment are objects, the colleague reads both, a forward gets its own copy', async () => {
    const file = Buffer.from(`%PDF-1.4\n${'x'.repeat(5000)}\n%%EOF`);
    const form = new FormData();
    form.append('to', 'dir.ana@veritas.com.br');
    form.append('subject', 'Contrato no balde');
    form.append('body', '<p>Segue o <b>contrato</b>.</p>');
    form.append('attachments', new Blob([file], { type: 'application/pdf' }), 'contrato.pdf');
    const res = await fetch(`${api.baseUrl}/api/emails/send`, { method: 'POST', headers: { authorization: `Bearer ${api.token.master}` }, body: form });
    expect(res.status).toBe(201);
    // Two copies (Enviados, Ana's inbox), each an attachment object (their small bodies live in the rows), nothing on disk.
    const keys = await mailObjects();
    expect(keys).toHaveLength(2);
    for (const k of keys) expect(k).toMatch(/^mail\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(localMailFiles()).toEqual([]);

    const [got] = await inbox('diretoria', 'Contrato no balde');
    const detail = (await api.get(`/api/emails/message/${got._id}`, 'diretoria')).body.data;
    expect(detail.body).toContain('<b>contrato</b>');
    const dl = await download('diretoria', detail.attachments[0].id);
    expect(dl.status).toBe(200);
    expect(dl.bytes.equals(file)).toBe(true);

    // A forward outside: the relay receives the bytes read back from the bucket.
    const fwd = await api.post('/api/emails/send', { to: 'escritorio@exemplo.com', subject: 'Enc: contrato', body: '<p>Veja</p>', attachmentIds: [detail.attachments[0].id] }, 'diretoria');
    expect(fwd.status).toBe(201);
    const [out] = await sink.waitFor(1);
    expect(out.parsed.attachments[0].content.equals(file)).toBe(true);
    const sentCopy = (await api.get(`/api/emails/message/${fwd.body.data._id}`, 'diretoria')).body.data;
    expect((await download('diretoria', sentCopy.attachments[0].id)).bytes.equals(file)).toBe(true);
    expect((await mailObjects()).length).toBe(3);
  });

  it('mail received over SMTP is kept in the bucket and read back', async () => {
    const port = api.app.get(SmtpListener).address!.port;
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const before = (await mailObjects()).length;
    await createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({
      from: 'fora@exemplo.com',
      to: 'assoc.bruno@veritas.com.br',
      subject: 'Pelo SMTP',
      text: 'Corpo guardado no balde.',
      attachments: [{ filename: 'logo.png', content: png }],
    });
    expect((await mailObjects()).length).toBe(before + 1);
    const [row] = await inbox('associado', 'Pelo SMTP');
    const detail = (await api.get(`/api/emails/message/${row._id}`, 'associado')).body.data;
    expect(detail.text).toContain('Corpo guardado no balde.');
    expect((await download('associado', detail.attachments[0].id)).bytes.equals(png)).toBe(true);
    expect(localMailFiles()).toEqual([]);
  });

  it('a queued notification keeps its payload in the bucket until it is sent', async () => {
    sink.messages.length = 0;
    await api.app.get(MailService).enqueue({ to: ['cliente@exemplo.com'], subject: 'Notificação na fila', html: '<p>Seu registro mudou.</p>' });
    const [out] = await sink.waitFor(1);
    expect(out.parsed.subject).toBe('Notificação na fila');
    // Sent: the payload object is gone.
    for (let i = 0; i < 50 && (await mailObjects()).some((k) => k.startsWith('mail/outbox/')); i++) await new Promise((r) => setTimeout(r, 100));
    expect((await mailObjects()).some((k) => k.startsWith('mail/outbox/'))).toBe(false);
  });

  it('deleting for good removes the objects; the sweep removes an object no row knows, and nothing else', async () => {
    const [row] = await inbox('associado', 'Pelo SMTP');
    const before = (await mailObjects()).length;
    expect((await api.del(`/api/emails/${row._id}`, 'associado')).status).toBeLessThan(300);
    expect((await api.del(`/api/emails/${row._id}`, 'associado')).status).toBeLessThan(300); // from Lixeira: for good
    expect((await mailObjects()).length).toBe(before - 1);

    const orphan = 'mail/ab/abcdef00-1111-4111-8111-111111111111';
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: orphan, Body: 'sem linha' }));
    const known = (await mailObjects()).filter((k) => k !== orphan);
    expect(await api.app.get(MailOrphanSweep).runOnce(new Date(), 0)).toBe(1);
    expect((await mailObjects()).sort()).toEqual(known.sort());
    // Everything still readable.
    const [got] = await inbox('diretoria', 'Contrato no balde');
    const detail = (await api.get(`/api/emails/message/${got._id}`, 'diretoria')).body.data;
    expect((await download('diretoria', detail.attachments[0].id)).status).toBe(200);
  });
});
