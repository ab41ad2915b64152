import * as fs from 'node:fs';
import * as path from 'node:path';
import { createTransport } from 'nodemailer';
import { DataSource } from 'typeorm';
import { sendFailedText } from '@veritas/common';
import { SmtpListener } from '../../backend/src/mail/smtp-listener.service';
import { MailService } from '../../backend/src/mail/mail.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { freePort } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';

const MAX_BYTES = 100 * 1024;

interface Part {
  name: string;
  type: string;
  content: Buffer;
}

/** Every file the mailbox keeps on disk (bodies and attachments). */
function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'mail', 'files');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
}

function tmpFiles(dataDir: string): string[] {
  return fs.readdirSync(path.join(dataDir, 'mail', 'tmp'));
}

function helpers(getApi: () => TestApi) {
  /** Compose as the screen does: multipart/form-data with files in `attachments`. */
  const form = async (method: string, url: string, fields: Record<string, string | string[]>, files: Part[], as: string) => {
    const api = getApi();
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
    for (const f of files) body.append('attachments', new Blob([new Uint8Array(f.content)], { type: f.type }), f.name);
    const res = await fetch(api.baseUrl + url, { method, headers: { authorization: `Bearer ${api.token[as]}` }, body });
    return { status: res.status, body: (await res.json()) as any };
  };
  const folder = async (who: string, name: string, filter: Record<string, unknown> = {}) =>
    (await getApi().get(`/api/emails/${name}?range=[0,199]&filter=${encodeURIComponent(JSON.stringify(filter))}`, who)).body;
  const find = async (who: string, name: string, subject: string) => (await folder(who, name)).data.find((m: any) => m.subject === subject);
  const detail = async (who: string, id: string) => (await getApi().get(`/api/emails/message/${id}`, who)).body.data;
  const download = async (who: string, id: string) => {
    const res = await fetch(`${getApi().baseUrl}/api/emails/attachment/${id}`, { headers: { authorization: `Bearer ${getApi().token[who]}` } });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  return { form, folder, find, detail, download };
}

const pdf = (n: number, fill = 1): Part => ({ name: `contrato-${n}.pdf`, type: 'application/pdf', content: Buffer.alloc(n, fill) });

describe.each(databaseKinds())('the mailbox API on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  const { form, folder, find, detail, download } = helpers(() => api);

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: '0', SMTP_URL: sink.url, MAIL_MAX_BYTES: String(MAX_BYTES) });
    await api.withStaff();
    await api.withCliente('cliente');
    // Its welcome (issue 53) goes out now, before the tests count what leaves.
    await api.app.get(MailService).flush();
    await sink.waitForSubject('Boas-vindas à Veritas Assessoria Empresarial');
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });
  beforeEach(() => {
    sink.refuseWith = null;
    sink.messages.length = 0;
  });

  describe('sending', () => {
    it('to a colleague: it arrives unread in their inbox, and a copy with the attachment goes to Enviados', async () => {
      const file = pdf(2048, 3);
      const r = await form('POST', '/api/emails/send', {
        to: 'dir.ana@veritas.com.br',
        bcc: 'assoc.bruno@veritas.com.br',
        subject: 'Contrato social',
        body: '<p>Segue o <b>contrato</b>.</p><p>Abraço</p><script>alert(1)</script>',
      }, [file], 'master');
      expect(r.status).toBe(201);
      expect(r.body.message).toBe('Email enviado com sucesso!');
      expect(r.body.data).toMatchObject({ folder: 'sent', subject: 'Contrato social', read: true, hasAttachments: true });

      const got = await find('diretoria', 'inbox', 'Contrato social');
      expect(got).toMatchObject({ from: 'master@veritas.com.br', fromName: 'Administrador Master', read: false, preview: 'Segue o contrato. Abraço' });
      const mine = await detail('diretoria', got._id);
      expect(mine.body).toContain('<b>contrato</b>');
      expect(mine.body).not.toContain('script');
      expect(mine.bcc).toEqual([]); // a recipient never learns the Bcc
      const dl = await download('diretoria', mine.attachments[0].id);
      expect(dl.status).toBe(200);
      expect(dl.bytes.equals(file.content)).toBe(true);
      expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename="contrato-2048.pdf"/);

      expect(await find('associado', 'inbox', 'Contrato social')).toBeDefined(); // Bcc delivered too
      const sent = await detail('master', r.body.data._id);
      expect(sent.bcc).toEqual([{ name: '', address: 'assoc.bruno@veritas.com.br' }]);
      expect(sent.attachments).toHaveLength(1);
      expect(sink.messages).toHaveLength(0); // nothing went outside
    });

    it('to outside addresses: the relay receives it with its attachments, without a Bcc header', async () => {
      const file = { name: 'balanço 2025.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: Buffer.from('planilha') };
      const r = await form('POST', '/api/emails/send', {
        to: 'Cliente Um <cliente1@exemplo.com.br>; dir.ana@veritas.com.br',
        cc: ['contador@exemplo.com'],
        bcc: 'oculto@exemplo.com',
        subject: 'Balanço',
        body: '<p>Balanço anexo.</p>',
      }, [file], 'associado');
      expect(r.status).toBe(201);
      const [out] = await sink.waitFor(1);
      expect(out.from).toBe('assoc.bruno@veritas.com.br');
      expect(out.to.sort()).toEqual(['cliente1@exemplo.com.br', 'contador@exemplo.com', 'oculto@exemplo.com']);
      expect(out.parsed.subject).toBe('Balanço');
      expect(out.parsed.headers.get('bcc')).toBeUndefined();
      expect(out.raw.toString()).not.toContain('oculto@');
      expect(out.parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['balanço 2025.xlsx', 'planilha']]);
      // The colleague in To got it straight into the inbox, not through the relay.
      expect(await find('diretoria', 'inbox', 'Balanço')).toBeDefined();
    });

    it('with the relay failing: a clear error, the message kept in Rascunhos with its attachment, nobody got it', async () => {
      sink.refuseWith = 554;
      const r = await form('POST', '/api/emails/send', { to: 'fora@exemplo.com', cc: 'dir.ana@veritas.com.br', subject: 'Não pode se perder', body: '<p>Texto importante</p>' }, [pdf(500)], 'associado');
      expect(r.status).toBe(502);
      expect(r.body.message).toMatch(/^O servidor de envio recusou a mensagem \(554.*\)\. A mensagem foi guardada em Rascunhos\.$/);
      const draft = await find('associado', 'drafts', 'Não pode se perder');
      expect(draft._id).toBe(r.body.draftId);
      expect((await detail('associado', draft._id)).attachments).toHaveLength(1);
      expect(await find('diretoria', 'inbox', 'Não pode se perder')).toBeUndefined();
      expect(await find('associado', 'sent', 'Não pode se perder')).toBeUndefined();

      // Relay back: sent from Rascunhos, the draft becomes the copy in Enviados.
      sink.refuseWith = null;
      const again = await api.post('/api/emails/send', { draftId: draft._id, to: 'fora@exemplo.com', cc: 'dir.ana@veritas.com.br', subject: 'Não pode se perder', body: '<p>Texto importante</p>' }, 'associado');
      expect(again.status).toBe(201);
      expect(again.body.data._id).toBe(draft._id);
      expect(await find('associado', 'drafts', 'Não pode se perder')).toBeUndefined();
      expect(await find('associado', 'sent', 'Não pode se perder')).toBeDefined();
      expect(await find('diretoria', 'inbox', 'Não pode se perder')).toBeDefined();
      const [out] = await sink.waitFor(1);
      expect(out.parsed.attachments).toHaveLength(1);
    });

    it('Para is required, addresses are checked, and nothing is stored when they fail', async () => {
      const drafts = (await folder('master', 'drafts')).total;
      const none = await api.post('/api/emails/send', { subject: 'Sem destinatário', body: '<p>x</p>' }, 'master');
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Por favor, adicione um destinatário.');
      const bad = await api.post('/api/emails/send', { to: 'ana@veritas.com.br, nao-e-email', body: 'x' }, 'master');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Endereço de email inválido em Para: nao-e-email.');
      const badCc = await api.post('/api/emails/send', { to: 'ana@exemplo.com', cc: ['x@'], body: 'x' }, 'master');
      expect(badCc.body.message).toBe('Endereço de email inválido em Cc: x@.');
      const unknown = await api.post('/api/emails/send', { to: 'ana@exemplo.com', body: 'x', priority: 'high' }, 'master');
      expect(unknown.status).toBe(400);
      expect((await folder('master', 'drafts')).total).toBe(drafts);
      expect(sink.messages).toHaveLength(0);
    });

    it('attachments are bounded, each and together, with a pt-BR 413, and leave nothing behind', async () => {
      const files = storedFiles(api.dataDir).length;
      const one = await form('POST', '/api/emails/send', { to: 'dir.ana@veritas.com.br', subject: 'Grande' }, [pdf(MAX_BYTES + 1)], 'master');
      expect(one.status).toBe(413);
      expect(one.body.message).toBe('Cada anexo pode ter no máximo 100 KB.');
      const together = await form('POST', '/api/emails/send', { to: 'dir.ana@veritas.com.br', subject: 'Grandes' }, [pdf(60 * 1024), pdf(60 * 1024, 2)], 'master');
      expect(together.status).toBe(413);
      expect(together.body.message).toBe('Os anexos somam mais de 100 KB, o limite por mensagem.');
      const draft = await form('POST', '/api/emails/drafts', { subject: 'Grande' }, [pdf(MAX_BYTES + 1)], 'master');
      expect(draft.status).toBe(413);
      expect(storedFiles(api.dataDir)).toHaveLength(files);
      expect(tmpFiles(api.dataDir)).toEqual([]);
      expect(await find('diretoria', 'inbox', 'Grande')).toBeUndefined();
    });

    it('a reply carries In-Reply-To; a forward takes the original attachments along', async () => {
      const original = await find('diretoria', 'inbox', 'Contrato social');
      const full = await detail('diretoria', original._id);
      const reply = await api.post('/api/emails/send', { to: 'master@veritas.com.br, fora@exemplo.com', subject: 'Re: Contrato social', body: '<p>Recebido</p>', inReplyTo: original._id }, 'diretoria');
      expect(reply.status).toBe(201);
      const [out] = await sink.waitFor(1);
      expect(out.parsed.inReplyTo).toBe(full.messageId);

      sink.messages.length = 0;
      const fwd = await api.post('/api/emails/send', { to: 'escritorio@exemplo.com', subject: 'Enc: Contrato social', body: '<p>Veja abaixo</p>', attachmentIds: full.attachments.map((a: any) => a.id) }, 'diretoria');
      expect(fwd.status).toBe(201);
      const [forwarded] = await sink.waitFor(1);
      expect(forwarded.parsed.attachments.map((a) => [a.filename, a.size])).toEqual([['contrato-2048.pdf', 2048]]);
      const sentCopy = await detail('diretoria', fwd.body.data._id);
      expect(sentCopy.attachments[0].id).not.toBe(full.attachments[0].id); // its own copy
      // Someone else's attachment cannot be forwarded.
      const stolen = await api.post('/api/emails/send', { to: 'x@exemplo.com', body: 'x', attachmentIds: [full.attachments[0].id] }, 'associado');
      expect(stolen.status).toBe(404);
    });
  });

  describe('drafts', () => {
    it('are saved, reopened, edited (attachments kept, added, removed) and sent from Rascunhos', async () => {
      const created = await form('POST', '/api/emails/drafts', { to: 'dir.ana@veritas.com.br', subject: 'Rascunho 1', body: '<p>primeira versão</p>' }, [pdf(100)], 'associado');
      expect(created.status).toBe(201);
      const id = created.body.data._id;
      expect(created.body.data).toMatchObject({ folder: 'drafts', subject: 'Rascunho 1', to: [{ address: 'dir.ana@veritas.com.br' }] });
      expect(created.body.data.attachments).toHaveLength(1);

      const edited = await form('PUT', `/api/emails/drafts/${id}`, { to: 'dir.ana@veritas.com.br', subject: 'Rascunho 1 (editado)', body: '<p>segunda versão</p>' }, [pdf(200)], 'associado');
      expect(edited.status).toBe(200);
      expect(edited.body.data._id).toBe(id);
      expect(edited.body.data.text).toBe('segunda versão');
      expect(edited.body.data.attachments.map((a: any) => a.size)).toEqual([100, 200]);

      const before = storedFiles(api.dataDir).length;
      const trimmed = await api.put(`/api/emails/drafts/${id}`, { to: 'dir.ana@veritas.com.br', subject: 'Rascunho 1 (editado)', body: '<p>terceira</p>', attachmentIds: [edited.body.data.attachments[1].id] }, 'associado');
      expect(trimmed.body.data.attachments.map((a: any) => a.size)).toEqual([200]);
      expect(storedFiles(api.dataDir)).toHaveLength(before - 1); // the dropped attachment's file is gone

      const reopened = await detail('associado', id);
      expect(reopened).toMatchObject({ subject: 'Rascunho 1 (editado)', text: 'terceira' });

      const sent = await api.post('/api/emails/send', { draftId: id, to: 'dir.ana@veritas.com.br', subject: 'Rascunho 1 (editado)', body: '<p>terceira</p>' }, 'associado');
      expect(sent.status).toBe(201);
      const arrived = await detail('diretoria', (await find('diretoria', 'inbox', 'Rascunho 1 (editado)'))._id);
      expect(arrived.attachments.map((a: any) => a.size)).toEqual([200]);
      // A sent message is no longer a draft.
      expect((await api.put(`/api/emails/drafts/${id}`, { subject: 'x' }, 'associado')).status).toBe(404);
    });

    it('a draft may be empty, and belongs to its author alone', async () => {
      const r = await api.post('/api/emails/drafts', {}, 'master');
      expect(r.status).toBe(201);
      expect(r.body.data.subject).toBe('');
      expect((await api.put(`/api/emails/drafts/${r.body.data._id}`, { subject: 'meu' }, 'diretoria')).status).toBe(404);
      expect((await api.post('/api/emails/send', { draftId: r.body.data._id, to: 'x@exemplo.com' }, 'diretoria')).status).toBe(404);
    });
  });

  describe('folders, search and flags', () => {
    beforeAll(async () => {
      for (let i = 1; i <= 5; i += 1) {
        await api.post('/api/emails/send', { to: 'assoc.bruno@veritas.com.br', subject: `Lote ${i}`, body: `<p>Mensagem número ${i}</p><p>Ação ${i === 3 ? 'especial' : 'comum'}</p>` }, 'diretoria');
      }
    });

    it('lists a folder in pages, newest first, with Content-Range, total and the inbox unread count', async () => {
      const r = await api.get('/api/emails/inbox?range=[0,1]&filter={"q":"Lote"}', 'associado');
      expect(r.status).toBe(200);
      expect(r.body.data.map((m: any) => m.subject)).toEqual(['Lote 5', 'Lote 4']);
      expect(r.body.total).toBe(5);
      expect(r.headers.get('content-range')).toBe('emails 0-1/5');
      const all = await folder('associado', 'inbox');
      expect(r.body.unread).toBe(all.data.filter((m: any) => !m.read).length);
      const sent = await api.get('/api/emails/sent?range=[0,0]', 'associado');
      expect(sent.body.unread).toBe(r.body.unread); // the inbox's, whatever folder
    });

    it('searches subject, sender and body on the server, without caring for accents or case', async () => {
      expect((await folder('associado', 'inbox', { q: 'acao ESPECIAL' })).data.map((m: any) => m.subject)).toEqual(['Lote 3']);
      expect((await folder('associado', 'inbox', { q: 'dir.ana' })).total).toBeGreaterThanOrEqual(5);
      expect((await folder('associado', 'inbox', { q: 'Pessoa dir' })).total).toBeGreaterThanOrEqual(5); // the sender's name
      expect((await folder('associado', 'inbox', { q: '100%_' })).total).toBe(0);
      expect((await folder('associado', 'inbox', { q: 'Lote', unread: true })).total).toBe(5);
    });

    it('an unknown folder is a 404, and a list query is checked', async () => {
      const r = await api.get('/api/emails/spam', 'associado');
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('Pasta de email não encontrada.');
      expect((await api.get('/api/emails/inbox?sort=["password","ASC"]', 'associado')).status).toBe(400);
    });

    it('marks read and unread, stars and unstars, marks important', async () => {
      const m = await find('associado', 'inbox', 'Lote 1');
      const unreadBefore = (await folder('associado', 'inbox')).unread;
      const read = await api.put(`/api/emails/${m._id}/read`, {}, 'associado');
      expect(read.body.data.read).toBe(true);
      expect((await folder('associado', 'inbox')).unread).toBe(unreadBefore - 1);
      expect((await api.put(`/api/emails/${m._id}/read`, { read: false }, 'associado')).body.data.read).toBe(false);

      expect((await api.put(`/api/emails/${m._id}/star`, {}, 'associado')).body.data.starred).toBe(true);
      expect((await folder('associado', 'starred')).data.map((x: any) => x.subject)).toEqual(['Lote 1']);
      expect((await api.put(`/api/emails/${m._id}/star`, { starred: true }, 'associado')).body.data.starred).toBe(true);
      expect((await api.put(`/api/emails/${m._id}/important`, {}, 'associado')).body.data.important).toBe(true);
      expect((await api.put(`/api/emails/${m._id}/important`, {}, 'associado')).body.data.important).toBe(false);
      expect((await api.put(`/api/emails/${m._id}/star`, { starred: 'sim' }, 'associado')).status).toBe(400);
    });

    it('delete moves to Lixeira; from Lixeira it is gone for good, with its files', async () => {
      const m = await find('associado', 'inbox', 'Lote 1');
      const filesBefore = storedFiles(api.dataDir).length;
      const first = await api.del(`/api/emails/${m._id}`, 'associado');
      expect(first.body.data).toEqual({ _id: m._id, result: 'trash' });
      expect(await find('associado', 'inbox', 'Lote 1')).toBeUndefined();
      expect(await find('associado', 'trash', 'Lote 1')).toBeDefined();
      expect((await folder('associado', 'starred')).data).toEqual([]); // starred, but in Lixeira
      expect(storedFiles(api.dataDir)).toHaveLength(filesBefore);

      const second = await api.del(`/api/emails/${m._id}`, 'associado');
      expect(second.body.data.result).toBe('deleted');
      expect(await find('associado', 'trash', 'Lote 1')).toBeUndefined();
      // Its body lived in its row (a small body): the row is gone, and no file was touched.
      expect(storedFiles(api.dataDir)).toHaveLength(filesBefore);
      expect(await api.app.get(DataSource).query('SELECT id FROM mail_messages WHERE id = ?', [m._id])).toEqual([]);
      expect((await api.get(`/api/emails/message/${m._id}`, 'associado')).status).toBe(404);
      // The sender's copy is its own.
      expect(await find('diretoria', 'sent', 'Lote 1')).toBeDefined();
    });

    it('archives to Arquivo and moves back to the inbox; search and flags follow the message', async () => {
      const m = await find('associado', 'inbox', 'Lote 4');
      await api.put(`/api/emails/${m._id}/star`, { starred: true }, 'associado');
      const archived = await api.put(`/api/emails/${m._id}/folder`, { folder: 'archive' }, 'associado');
      expect(archived.status).toBe(200);
      expect(archived.body.data).toMatchObject({ _id: m._id, folder: 'archive', starred: true });
      expect(await find('associado', 'inbox', 'Lote 4')).toBeUndefined();
      expect((await folder('associado', 'archive', { q: 'lote 4' })).data.map((x: any) => x.subject)).toEqual(['Lote 4']);
      expect((await folder('associado', 'starred')).data.map((x: any) => x.subject)).toContain('Lote 4'); // starred wherever it is
      const back = await api.put(`/api/emails/${m._id}/folder`, { folder: 'inbox' }, 'associado');
      expect(back.body.data.folder).toBe('inbox');
      expect(await find('associado', 'archive', 'Lote 4')).toBeUndefined();
      expect(await find('associado', 'inbox', 'Lote 4')).toBeDefined();
    });

    it('restores from Lixeira to the folder the message came from', async () => {
      const inbox = await find('associado', 'inbox', 'Lote 5');
      await api.put(`/api/emails/${inbox._id}/folder`, { folder: 'archive' }, 'associado');
      const trashed = await api.put(`/api/emails/${inbox._id}/folder`, { folder: 'trash' }, 'associado');
      expect(trashed.body.data.folder).toBe('trash');
      const restored = await api.post(`/api/emails/${inbox._id}/restore`, {}, 'associado');
      expect(restored.status).toBe(200);
      expect(restored.body.data.folder).toBe('archive'); // where it was, not the inbox
      const sent = await find('diretoria', 'sent', 'Lote 2');
      await api.del(`/api/emails/${sent._id}`, 'diretoria');
      expect((await api.post(`/api/emails/${sent._id}/restore`, {}, 'diretoria')).body.data.folder).toBe('sent');
      expect(await find('diretoria', 'sent', 'Lote 2')).toBeDefined();
    });

    it('refuses what cannot be: a bad folder, a draft out of Rascunhos, a restore outside Lixeira; nothing changes', async () => {
      const m = await find('associado', 'inbox', 'Lote 3');
      for (const body of [{ folder: 'sent' }, { folder: 'drafts' }, { folder: 'spam' }, {}]) {
        const r = await api.put(`/api/emails/${m._id}/folder`, body, 'associado');
        expect(r.status).toBe(400);
        expect(r.body.message).toBe('Pasta de destino inválida: use inbox, archive ou trash.');
      }
      const notTrash = await api.post(`/api/emails/${m._id}/restore`, {}, 'associado');
      expect(notTrash.status).toBe(409);
      expect(notTrash.body.message).toBe('Só mensagens da Lixeira podem ser restauradas.');
      const draft = (await api.post('/api/emails/drafts', { subject: 'Rascunho para mover' }, 'associado')).body.data;
      const moved = await api.put(`/api/emails/${draft._id}/folder`, { folder: 'archive' }, 'associado');
      expect(moved.status).toBe(409);
      expect(moved.body.message).toBe('Rascunhos só podem ir para a Lixeira.');
      expect((await detail('associado', draft._id)).folder).toBe('drafts');
      expect((await detail('associado', m._id)).folder).toBe('inbox');
    });

    it('deleting a message with attachments for good removes them from disk; the other copies keep theirs', async () => {
      const r = await form('POST', '/api/emails/send', { to: 'assoc.bruno@veritas.com.br', subject: 'Com anexo para apagar' }, [pdf(321)], 'master');
      const m = await find('associado', 'inbox', 'Com anexo para apagar');
      const att = (await detail('associado', m._id)).attachments[0];
      await api.del(`/api/emails/${m._id}`, 'associado');
      const before = storedFiles(api.dataDir).length;
      await api.del(`/api/emails/${m._id}`, 'associado');
      expect(storedFiles(api.dataDir)).toHaveLength(before - 1); // the attachment (the small body was in the row)
      expect((await download('associado', att.id)).status).toBe(404);
      const senderAtt = (await detail('master', r.body.data._id)).attachments[0];
      expect((await download('master', senderAtt.id)).bytes.length).toBe(321);
    });
  });

  describe('who reaches what', () => {
    it('one staff member never reaches another one\'s mail: 404 on every route', async () => {
      const m = await find('associado', 'inbox', 'Lote 2');
      const att = (await detail('diretoria', (await find('diretoria', 'inbox', 'Contrato social'))._id)).attachments[0];
      for (const [method, url, body] of [
        ['GET', `/api/emails/message/${m._id}`],
        ['PUT', `/api/emails/${m._id}/read`, {}],
        ['PUT', `/api/emails/${m._id}/star`, {}],
        ['PUT', `/api/emails/${m._id}/important`, {}],
        ['PUT', `/api/emails/${m._id}/folder`, { folder: 'archive' }],
        ['POST', `/api/emails/${m._id}/restore`, {}],
        ['DELETE', `/api/emails/${m._id}`],
        ['GET', `/api/emails/attachment/${att.id}`],
        ['POST', '/api/emails/send', { to: 'x@exemplo.com', inReplyTo: m._id }],
      ] as const) {
        const r = await api.call(method, url, { body, as: 'master' });
        expect([method, url, r.status]).toEqual([method, url, 404]);
      }
      expect(await detail('associado', m._id)).toMatchObject({ read: false, folder: 'inbox' }); // untouched
      expect((await folder('master', 'inbox', { q: 'Lote 2' })).total).toBe(0);
    });

    it('clients and anonymous callers are refused', async () => {
      expect((await api.get('/api/emails/inbox', 'cliente')).status).toBe(403);
      expect((await api.get('/api/emails/inbox')).status).toBe(401);
      const upload = await form('POST', '/api/emails/send', { to: 'x@exemplo.com' }, [pdf(10)], 'cliente');
      expect(upload.status).toBe(403);
      expect(tmpFiles(api.dataDir)).toEqual([]);
    });

    it('usage counts the bytes of the caller\'s own mailbox against the quota', async () => {
      const before = (await api.get('/api/emails/usage', 'diretoria')).body.data;
      expect(before.quotaBytes).toBe(15 * 1024 ** 3);
      await form('POST', '/api/emails/send', { to: 'dir.ana@veritas.com.br', subject: 'Peso' }, [pdf(5000)], 'master');
      const after = (await api.get('/api/emails/usage', 'diretoria')).body.data;
      expect(after.usedBytes - before.usedBytes).toBeGreaterThanOrEqual(5000);
    });
  });
});

describe.each(databaseKinds())('the mailbox without a relay, and a small quota, on %s', (kind) => {
  let api: TestApi;
  const { form, find } = helpers(() => api);

  beforeAll(async () => {
    api = await TestApi.start(kind, { SMTP_PORT: String(await freePort()), MAIL_QUOTA_BYTES: String(1024 * 1024) });
    await api.withStaff();
  });
  afterAll(() => api.stop());

  it('sending outside says there is no relay and keeps the message in Rascunhos', async () => {
    const r = await api.post('/api/emails/send', { to: 'fora@exemplo.com', subject: 'Sem relay', body: '<p>x</p>' }, 'master');
    expect(r.status).toBe(503);
    // One prefix, added by the screen; words a staff member understands; the setting's name in the log only.
    expect(r.body.message).toBe('O envio para endereços externos não está configurado; fale com o administrador. A mensagem foi guardada em Rascunhos.');
    expect(sendFailedText(r.body.message)).toBe(
      'Erro ao enviar email: o envio para endereços externos não está configurado; fale com o administrador. A mensagem foi guardada em Rascunhos.',
    );
    expect((await find('master', 'drafts', 'Sem relay'))._id).toBe(r.body.draftId);
  });

  it('mail between colleagues still works', async () => {
    expect((await api.post('/api/emails/send', { to: 'dir.ana@veritas.com.br', subject: 'Interno', body: 'ok' }, 'master')).status).toBe(201);
    expect(await find('diretoria', 'inbox', 'Interno')).toBeDefined();
  });

  it('a full mailbox refuses: the sender is told, and SMTP answers 552 at RCPT TO', async () => {
    const big = { name: 'grande.bin', type: 'application/octet-stream', content: Buffer.alloc(700 * 1024, 9) };
    expect((await form('POST', '/api/emails/send', { to: 'assoc.bruno@veritas.com.br', subject: 'Cabe' }, [big], 'master')).status).toBe(201);
    const full = await form('POST', '/api/emails/send', { to: 'assoc.bruno@veritas.com.br', subject: 'Não cabe' }, [big], 'diretoria');
    expect(full.status).toBe(422);
    expect(full.body.message).toBe('A caixa de email de assoc.bruno@veritas.com.br está cheia; a mensagem não foi enviada.');
    expect(await find('diretoria', 'drafts', 'Não cabe')).toBeUndefined();

    // At 700 KB of 1 MB SMTP still takes a message (its size is unknown at RCPT TO); past the quota it refuses.
    const port = api.app.get(SmtpListener).address!.port;
    const smtp = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    await smtp.sendMail({ from: 'fora@exemplo.com', to: 'assoc.bruno@veritas.com.br', subject: 'Enche', attachments: [{ filename: 'x.bin', content: Buffer.alloc(400 * 1024) }] });
    expect(await find('associado', 'inbox', 'Enche')).toBeDefined();
    await expect(smtp.sendMail({ from: 'fora@exemplo.com', to: 'assoc.bruno@veritas.com.br', text: 'x' })).rejects.toMatchObject({ responseCode: 552 });
  });
});
