import { createTransport } from 'nodemailer';
import { DataSource } from 'typeorm';
import { samplePdf, samplePng } from '../../backend/src/documentos/sample-files';
import { SmtpListener } from '../../backend/src/mail/smtp-listener.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { freePort } from '../support/server';

/** Issue 56 (ADR 0051): a mail attachment becomes a registro's document or a checklist item's file; a registro's correspondence. */
describe.each(databaseKinds())('Anexar ao registro e correspondência on %s', (kind) => {
  let api: TestApi;
  let port: number;
  let registro: any;
  let alheio: any;
  let staff: Awaited<ReturnType<TestApi['withEveryRole']>>;
  const NO_ID = '00000000-0000-4000-8000-000000000000';

  type Anexo = { filename: string; content: Buffer | string };
  const send = (to: string, subject: string, attachments: Anexo[]) =>
    createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 5000 }).sendMail({
      from: 'Joana <joana@construtoraipe.com.br>',
      to,
      subject,
      text: 'Segue o documento.',
      attachments,
    });
  async function received(who: string, subject: string): Promise<string> {
    const list = await api.get('/api/emails/inbox', who);
    const row = list.body.data.find((m: any) => m.subject === subject);
    expect(row).toBeDefined();
    return row._id;
  }
  const anexar = (email: string, indice: number | string, body: unknown, who = 'master') => api.post(`/api/emails/message/${email}/anexos/${indice}/registro`, body, who);
  const docCount = async () => Number((await api.app.get(DataSource).query('SELECT COUNT(*) AS n FROM documentos'))[0].n);

  beforeAll(async () => {
    api = await TestApi.start(kind, { SMTP_PORT: String(await freePort()) });
    staff = await api.withEveryRole();
    port = api.app.get(SmtpListener).address!.port;
    await api.withCliente('clienteA', { razaoSocial: 'Construtora Ipê Ltda', email: 'contato@construtoraipe.com.br' });
    const a = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão simplificada' }, 'clienteA');
    expect(a.status).toBe(201);
    registro = a.body.data;
    const b = await api.post('/api/registros', { servico: 'consultoria', descricao: 'Da colega', clienteId: a.body.data.clienteId, responsavelId: staff.associado2._id }, 'diretoria');
    expect(b.status).toBe(201);
    alheio = b.body.data;
  });
  afterAll(() => api.stop());

  it('an attachment becomes a document of the registro, with the mail as its origin', async () => {
    const subject = `Contrato do ${registro.numero}`;
    await send('master@veritas.com.br', subject, [{ filename: 'Contrato Social.pdf', content: samplePdf() }]);
    const email = await received('master', subject);
    const r = await anexar(email, 0, { registroId: registro._id });
    expect(r.status).toBe(201);
    expect(r.body.data.item).toBeNull();
    expect(r.body.data.documento).toMatchObject({ registroId: registro._id, registroNumero: registro.numero, nomeArquivo: 'Contrato Social.pdf', tipo: 'PDF', origemEmailId: email, enviadoPor: 'equipe' });
    const down = await fetch(`${api.baseUrl}/api/documentos/${r.body.data.documento._id}/download`, { headers: { authorization: `Bearer ${api.token.master}` } });
    expect(Buffer.from(await down.arrayBuffer()).equals(samplePdf())).toBe(true);
    // The client sees it among its documents.
    const docs = await api.get('/api/documentos/me', 'clienteA');
    expect(docs.body.data.map((d: any) => d._id)).toContain(r.body.data.documento._id);
  });

  it('an attachment sent for a checklist item leaves it "enviado", and it can be accepted', async () => {
    const subject = `Documentos ${registro.numero}`;
    await send('master@veritas.com.br', subject, [{ filename: 'rg.png', content: samplePng() }, { filename: 'rg-verso.png', content: samplePng() }]);
    const email = await received('master', subject);
    const itens = (await api.get(`/api/registros/${registro._id}/checklist`, 'master')).body.data;
    const pendente = itens.find((i: any) => i.status === 'pendente');
    expect(pendente).toBeDefined();
    const r = await anexar(email, 0, { registroId: registro._id, itemId: pendente._id });
    expect(r.status).toBe(201);
    expect(r.body.data.item).toMatchObject({ _id: pendente._id, status: 'enviado', nomeArquivo: 'rg.png' });
    expect(r.body.data.documento).toMatchObject({ _id: r.body.data.item.documentoId, origemEmailId: email, titulo: pendente.nome });
    const aceito = await api.put(`/api/registros/${registro._id}/checklist/${pendente._id}`, { status: 'aceito' }, 'master');
    expect(aceito.status).toBe(200);
    expect(aceito.body.data.status).toBe('aceito');
    // Accepted: another attachment for it is a conflict.
    const outro = await anexar(email, 1, { registroId: registro._id, itemId: pendente._id });
    expect(outro.status).toBe(409);
    expect(outro.body.message).not.toMatch(/já é o documento/);
  });

  it('refuses a hostile type or name (422, pt-BR), a bad index (404) and a bad body (400), storing nothing', async () => {
    const subject = `Arquivos estranhos ${registro.numero}`;
    await send('master@veritas.com.br', subject, [
      { filename: '../../../etc/boleto.pdf', content: '<html><script>alert(1)</script></html>' },
      { filename: 'programa.exe', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]) },
      { filename: '..\\..\\<b>nota\u202Efdp.pdf', content: samplePdf() },
    ]);
    const email = await received('master', subject);
    const before = await docCount();
    for (const indice of [0, 1]) {
      const r = await anexar(email, indice, { registroId: registro._id });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/^Este anexo não pode virar documento: .*(não é de um tipo permitido|Tipo de arquivo não permitido)/);
    }
    for (const indice of [3, 99, -1, 'abc', '1e2']) expect((await anexar(email, indice, { registroId: registro._id })).status).toBe(404);
    for (const body of [{}, { registroId: 'x' }, { registroId: registro._id, itemId: 5 }, { registroId: registro._id, extra: 1 }]) {
      expect((await anexar(email, 2, body)).status).toBe(400);
    }
    expect((await anexar(email, 2, { registroId: NO_ID })).status).toBe(404);
    expect((await anexar(email, 2, { registroId: registro._id, itemId: NO_ID })).status).toBe(404);
    expect(await docCount()).toBe(before);
    // The PDF with a hostile name is kept under a clean one (no folders, no control characters).
    const ok = await anexar(email, 2, { registroId: registro._id });
    expect(ok.status).toBe(201);
    expect(ok.body.data.documento.nomeArquivo).not.toMatch(/[\\/<>\u202E]/);
    expect((await api.app.get(DataSource).query('SELECT origemEmailId FROM documentos WHERE id = ?', [ok.body.data.documento._id]))[0].origemEmailId).toBe(email);
  });

  it("an associado attaches only to registros it may work, and only its own mail's attachments", async () => {
    const subject = `Para o associado ${registro.numero}`;
    await send('assoc.bruno@veritas.com.br', subject, [{ filename: 'procuracao.pdf', content: samplePdf() }]);
    const email = await received('associado', subject);
    const before = await docCount();
    const refused = await anexar(email, 0, { registroId: alheio._id }, 'associado');
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain(alheio.numero);
    expect(refused.body).toEqual((await anexar(email, 0, { registroId: NO_ID }, 'associado')).body);
    // Someone else's mail: not found, whatever the registro.
    expect((await anexar(email, 0, { registroId: registro._id }, 'master')).status).toBe(404);
    expect((await anexar(email, 0, { registroId: registro._id }, 'financeiro')).status).toBe(403);
    expect((await anexar(email, 0, { registroId: registro._id }, 'clienteA')).status).toBe(403);
    expect(await docCount()).toBe(before);
    // The unassigned registro is one every associado may work.
    expect((await anexar(email, 0, { registroId: registro._id }, 'associado')).status).toBe(201);
  });

  it("lists a registro's correspondence from the caller's own mailbox, paged, newest first", async () => {
    const list = await api.get(`/api/registros/${registro._id}/correspondencia`, 'master');
    expect(list.status).toBe(200);
    const subjects = list.body.data.map((m: any) => m.subject);
    expect(subjects).toEqual([`Arquivos estranhos ${registro.numero}`, `Documentos ${registro.numero}`, `Contrato do ${registro.numero}`]);
    expect(list.body.total).toBe(3);
    expect(list.headers.get('content-range')).toBe('correspondencia 0-2/3');
    expect(list.body.data[0]).toMatchObject({ from: 'joana@construtoraipe.com.br', fromName: 'Joana', hasAttachments: true, folder: 'inbox' });
    const page = await api.get(`/api/registros/${registro._id}/correspondencia?range=${encodeURIComponent('[1,1]')}`, 'master');
    expect(page.body.data.map((m: any) => m.subject)).toEqual([`Documentos ${registro.numero}`]);
    expect(page.headers.get('content-range')).toBe('correspondencia 1-1/3');
    // Mailboxes are personal: the associado sees its own copy only; Financeiro sees the registro but has none.
    const assoc = await api.get(`/api/registros/${registro._id}/correspondencia`, 'associado');
    expect(assoc.body.data.map((m: any) => m.subject)).toEqual([`Para o associado ${registro.numero}`]);
    expect((await api.get(`/api/registros/${registro._id}/correspondencia`, 'financeiro')).body).toEqual({ data: [], total: 0 });
    // A registro the caller may not see: 404; a client: 403; a bad range: 400.
    expect((await api.get(`/api/registros/${alheio._id}/correspondencia`, 'associado')).status).toBe(404);
    expect((await api.get(`/api/registros/${registro._id}/correspondencia`, 'clienteA')).status).toBe(403);
    expect((await api.get(`/api/registros/${registro._id}/correspondencia?range=x`, 'master')).status).toBe(400);
    expect((await api.get('/api/registros/nao-e-id/correspondencia', 'master')).status).toBe(404);
    expect((await api.get(`/api/registros/${NO_ID}/correspondencia`, 'master')).status).toBe(404);
  });
  it('two "Anexar ao registro" of the same attachment at once: one document, the other the same 409 (uq_documentos_origem_email)', async () => {
    const subject = `Ao mesmo tempo ${registro.numero}`;
    await send('master@veritas.com.br', subject, [{ filename: 'simultaneo.pdf', content: samplePdf() }]);
    const email = await received('master', subject);
    const before = await docCount();
    const answers = await Promise.all([1, 2, 3].map((n) => anexar(email, 0, { registroId: registro._id, titulo: `Simultâneo ${n}` })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const won = answers.find((a) => a.status === 201)!.body.data.documento;
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.body.message).toBe(`Este anexo já é o documento "${won.titulo}" (simultaneo.pdf) deste registro.`);
      expect(lost.body.documentoId).toBe(won._id);
    }
    expect(await docCount()).toBe(before + 1);
  });
  it('the same attachment into the same registro a second time is 409 naming the document, and changes nothing', async () => {
    const subject = `Procuração ${registro.numero}`;
    await send('master@veritas.com.br', subject, [{ filename: 'procuracao.pdf', content: samplePdf() }]);
    const email = await received('master', subject);
    const first = await anexar(email, 0, { registroId: registro._id, titulo: 'Procuração do sócio' });
    expect(first.status).toBe(201);
    const db = api.app.get(DataSource);
    const snapshot = async () => ({
      docs: await docCount(),
      itens: await db.query('SELECT id, status, documentoId FROM registro_checklist WHERE registroId = ? ORDER BY id', [registro._id]),
    });
    const before = await snapshot();
    const pendente = before.itens.find((i: any) => i.status === 'pendente');
    for (const body of [{ registroId: registro._id }, { registroId: registro._id, titulo: 'De novo' }, ...(pendente ? [{ registroId: registro._id, itemId: pendente.id }] : [])]) {
      const again = await anexar(email, 0, body);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Este anexo já é o documento "Procuração do sócio" (procuracao.pdf) deste registro.');
      expect(again.body.documentoId).toBe(first.body.data.documento._id);
    }
    expect(await snapshot()).toEqual(before);
    // Another registro may still take it; so may the registro once the document is gone.
    const other = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Outra certidão' }, 'clienteA');
    expect((await anexar(email, 0, { registroId: other.body.data._id })).status).toBe(201);
    expect((await api.del(`/api/documentos/${first.body.data.documento._id}`, 'master')).status).toBeLessThan(300);
    expect((await anexar(email, 0, { registroId: registro._id })).status).toBe(201);
  });
});
