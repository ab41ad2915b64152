/*
 * GET /api/emails: the mailbox's list on the one list contract (issue 51), the folder as a filter,
 * for the panel's react-admin list. GET /api/emails/{folder} (§7) answers the same.
 */
import { MAILBOX_FOLDER_INVALID } from '@veritas/common';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const list = (query: Record<string, unknown>) =>
  '/api/emails?' + new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])).toString();

describe.each(databaseKinds())('GET /api/emails on %s', (kind) => {
  let api: TestApi;
  let ana: string;

  beforeAll(async () => {
    api = await TestApi.start(kind, { SMTP_PORT: '0' });
    ana = (await api.withStaff()).diretoria.email;
    for (const subject of ['Balanço', 'Ata', 'Contrato']) {
      const r = await api.post('/api/emails/send', { to: ana, subject, body: `<p>${subject} anexo</p>` }, 'associado');
      expect(r.status).toBe(201);
    }
    const inbox = (await api.get('/api/emails/inbox', 'diretoria')).body.data;
    const ata = inbox.find((m: { subject: string }) => m.subject === 'Ata');
    expect((await api.put(`/api/emails/${ata._id}/read`, {}, 'diretoria')).status).toBe(200);
    expect((await api.put(`/api/emails/${ata._id}/star`, { starred: true }, 'diretoria')).status).toBe(200);
  });
  afterAll(() => api.stop());

  it('answers the folder of the filter as GET /api/emails/{folder} does, with its Content-Range', async () => {
    const byFilter = await api.get(list({ filter: { folder: 'inbox' }, range: [0, 49], sort: ['date', 'DESC'] }), 'diretoria');
    const byPath = await api.get('/api/emails/inbox?range=[0,49]', 'diretoria');
    expect(byFilter.status).toBe(200);
    expect(byFilter.body).toEqual(byPath.body);
    expect(byFilter.body.data.map((m: { subject: string }) => m.subject)).toEqual(['Contrato', 'Ata', 'Balanço']);
    expect(byFilter.body.unread).toBe(2);
    expect(byFilter.headers.get('content-range')).toBe('emails 0-2/3');
  });

  it('without a folder lists the inbox; sorts, pages and filters in the URL', async () => {
    const inbox = await api.get('/api/emails', 'diretoria');
    expect(inbox.body.data.map((m: { subject: string }) => m.subject)).toEqual(['Contrato', 'Ata', 'Balanço']);

    const bySubject = await api.get(list({ sort: ['subject', 'ASC'], range: [1, 1] }), 'diretoria');
    expect(bySubject.body.data.map((m: { subject: string }) => m.subject)).toEqual(['Balanço']);
    expect(bySubject.headers.get('content-range')).toBe('emails 1-1/3');

    const unread = await api.get(list({ filter: { folder: 'inbox', unread: true }, range: [0, 0] }), 'diretoria');
    expect(unread.body.total).toBe(2);
    const starred = await api.get(list({ filter: { folder: 'starred' } }), 'diretoria');
    expect(starred.body.data.map((m: { subject: string }) => m.subject)).toEqual(['Ata']);
    const found = await api.get(list({ filter: { folder: 'inbox', q: 'contrato' } }), 'diretoria');
    expect(found.body.data.map((m: { subject: string }) => m.subject)).toEqual(['Contrato']);
    const sent = await api.get(list({ filter: { folder: 'sent' } }), 'associado');
    expect(sent.body.data).toHaveLength(3);
  });

  it('is one person\'s own mailbox: the sender does not see the recipient\'s inbox', async () => {
    const r = await api.get(list({ filter: { folder: 'inbox' } }), 'associado');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
  });

  it.each([
    [{ filter: { folder: 'spam' } }, MAILBOX_FOLDER_INVALID],
    [{ filter: { folder: ['inbox'] } }, MAILBOX_FOLDER_INVALID],
    [{ filter: { pasta: 'inbox' } }, 'Filtro "pasta" desconhecido. Use: folder, q, unread, hasAttachments, clienteId, registroId.'],
    [{ sort: ['id', 'ASC'] }, 'Não é possível ordenar por "id". Use um destes campos: date, subject, from, size.'],
  ])('refuses %j with a pt-BR 400', async (query, message) => {
    const r = await api.get(list(query), 'diretoria');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
  });
});
