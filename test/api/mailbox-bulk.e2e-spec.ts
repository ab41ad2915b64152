/**
 * The mailbox's bulk path (issue 14: the demo seeder's --emails): messages stored many at once are
 * read through the API like any other, and a batch that fails leaves no row and no file behind.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { MailboxService, NewMessage } from '../../backend/src/mail/mailbox.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

function message(subject: string, extra: Partial<NewMessage> = {}): NewMessage {
  return {
    messageId: null,
    inReplyTo: null,
    from: { address: 'cliente@padaria-exemplo.com.br', name: 'Padaria Exemplo' },
    to: [{ address: 'associado@veritas.com.br', name: 'Associado' }],
    cc: [],
    bcc: [],
    subject,
    date: new Date('2026-10-01T12:00:00Z'),
    html: null,
    text: `Corpo de ${subject}: segue o contrato social assinado.`,
    attachments: [],
    ...extra,
  };
}

describe.each(databaseKinds())('mailbox bulk path on %s', (kind) => {
  let api: TestApi;
  let staff: Record<'master' | 'diretoria' | 'associado', any>;
  let db: DataSource;

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withStaff();
    db = api.app.get(DataSource);
  });
  afterAll(() => api.stop());

  const files = () => {
    const dir = path.join(api.dataDir, 'mail', 'files');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, String(f))).isFile()).length : 0;
  };
  const count = async () => Number((await db.query('SELECT COUNT(*) AS n FROM mail_messages WHERE ownerId = ?', [staff.associado._id]))[0].n);

  it('stores many messages that the mailbox lists, searches and opens like any other', async () => {
    const placement = { ownerId: staff.associado._id, folder: 'inbox' as const, read: false, keepBcc: false };
    const rows = await api.app.get(MailboxService).storeMany(Array.from({ length: 40 }, (_, i) => ({ message: message(`Contrato ${i}`), placement })));
    expect(rows).toHaveLength(40);
    const list = await api.get('/api/emails/inbox?range=[0,99]&filter={"q":"contrato 17"}', 'associado');
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: any) => m.subject)).toEqual(['Contrato 17']);
    const one = await api.get(`/api/emails/message/${list.body.data[0]._id ?? list.body.data[0].id}`, 'associado');
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.body)).toContain('Corpo de Contrato 17');
  });

  it('pages past the first 250 rows (keys first, then the rows) are the same slices as the whole list, either way sorted and searched', async () => {
    const placement = { ownerId: staff.diretoria._id, folder: 'inbox' as const, read: false, keepBcc: false };
    // Several messages share a date, so the id decides their order.
    const batch = Array.from({ length: 320 }, (_, i) => ({
      message: message(`Prazo ${String(i).padStart(3, '0')}`, { date: new Date(Date.UTC(2026, 9, 1, 12, Math.floor(i / 3))) }),
      placement,
    }));
    await api.app.get(MailboxService).storeMany(batch);
    const ids = async (query: string) => {
      const r = await api.get(`/api/emails/inbox?${query}`, 'diretoria');
      expect(r.status).toBe(200);
      return r.body.data.map((m: any) => m._id ?? m.id);
    };
    for (const sort of ['["date","DESC"]', '["date","ASC"]']) {
      for (const filter of ['{}', '{"q":"prazo"}']) {
        const all = await ids(`range=[0,199]&sort=${sort}&filter=${filter}`).then(async (a) => [...a, ...(await ids(`range=[200,399]&sort=${sort}&filter=${filter}`))]);
        expect(all).toHaveLength(320);
        expect(new Set(all).size).toBe(320);
        expect(await ids(`range=[250,299]&sort=${sort}&filter=${filter}`)).toEqual(all.slice(250, 300));
        expect(await ids(`range=[300,349]&sort=${sort}&filter=${filter}`)).toEqual(all.slice(300, 320));
      }
    }
  });

  it('refuses the whole batch when one message fails, leaving no row and no file', async () => {
    const before = [await count(), files()];
    const placement = { ownerId: staff.associado._id, folder: 'inbox' as const, read: false, keepBcc: false };
    const broken = message('Com anexo perdido', { attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', source: { tmpFile: 'nao-existe' } }] });
    const items = [...Array.from({ length: 30 }, (_, i) => ({ message: message(`Lote ${i}`), placement })), { message: broken, placement }];
    await expect(api.app.get(MailboxService).storeMany(items)).rejects.toBeTruthy();
    expect([await count(), files()]).toEqual(before);
    await expect(api.app.get(MailboxService).storeMany([{ message: message('SMTP', { deliveryHash: 'x' }), placement }])).rejects.toThrow(/deliveryHash/);
  });

  it('keeps each message\'s attachments with it when a batch\'s attachments are written together: each row points at its message and its own file', async () => {
    const placement = { ownerId: staff.associado._id, folder: 'inbox' as const, read: false, keepBcc: false };
    const nota = (i: number) => ({ filename: `nota-${i}.txt`, contentType: 'text/plain', source: { buffer: Buffer.from(`nota de número ${i}`) } });
    const before = files();
    const items = Array.from({ length: 6 }, (_, i) => ({ message: message(`Anexos ${i}`, { attachments: i % 3 === 0 ? [] : Array.from({ length: i % 3 }, (_, k) => nota(i * 10 + k)) }), placement }));
    const rows = await api.app.get(MailboxService).storeMany(items);
    expect(files()).toBe(before + 6); // 0 + 1 + 2 + 0 + 1 + 2
    for (const [i, row] of rows.entries()) {
      const one = await api.get(`/api/emails/message/${row.id}`, 'associado');
      expect(one.status).toBe(200);
      const attachments = one.body.data?.attachments ?? one.body.attachments;
      expect(attachments.map((a: any) => a.filename)).toEqual(Array.from({ length: i % 3 }, (_, k) => `nota-${i * 10 + k}.txt`));
    }
    const [withFile] = rows.filter((_, i) => i % 3 === 2);
    const stored = await db.query('SELECT storedName, position FROM mail_attachments WHERE mailId = ? ORDER BY position', [withFile.id]);
    expect(new Set(stored.map((a: any) => a.storedName)).size).toBe(2);
  });
});
