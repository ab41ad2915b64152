import { DataSource } from 'typeorm';
import { samplePdf, samplePng } from '../../backend/src/documentos/sample-files';
import { MailService } from '../../backend/src/mail';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

const MAX = 64 * 1024;
const SITE = 'https://escritorio.exemplo.com.br';

/** Issue 56's last part (ADR 0057): a registro's conversation between the client (portal) and the firm (panel). */
describe.each(databaseKinds())('conversa do registro on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let staff: Awaited<ReturnType<TestApi['withEveryRole']>>;
  let cliente: any;
  let registro: any;
  let semResponsavel: any;
  let db: DataSource;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: '0', SMTP_URL: sink.url, SITE_URL: SITE, DOC_MAX_BYTES: String(MAX) });
    staff = await api.withEveryRole();
    cliente = await api.withCliente('clienteA', { razaoSocial: 'Padaria Conversa Ltda' });
    await api.withCliente('clienteB', { razaoSocial: 'Oficina Alheia Ltda' });
    const a = await api.post('/api/registros', { servico: 'consultoria', descricao: 'Alteração contratual', clienteId: cliente._id, responsavelId: staff.associado._id }, 'diretoria');
    expect(a.status).toBe(201);
    registro = a.body.data;
    const b = await api.post('/api/registros', { servico: 'consultoria', descricao: 'Sem responsável', clienteId: cliente._id }, 'diretoria');
    expect(b.status).toBe(201);
    semResponsavel = b.body.data;
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  const url = (id = registro._id) => `/api/registros/${id}/mensagens`;
  const rows = async () => Number((await db.query('SELECT COUNT(*) AS n FROM registro_mensagens'))[0].n);
  const docs = async () => Number((await db.query('SELECT COUNT(*) AS n FROM documentos'))[0].n);
  async function escrever(as: string, texto: string, files: { name: string; content: Buffer }[] = [], id = registro._id) {
    const form = new FormData();
    form.append('texto', texto);
    for (const f of files) form.append('arquivo', new Blob([new Uint8Array(f.content)]), f.name);
    const res = await fetch(`${api.baseUrl}${url(id)}`, { method: 'POST', headers: { authorization: `Bearer ${api.token[as]}` }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  }
  const avisos = async (who: string) => (await api.get(`/api/avisos?range=${encodeURIComponent('[0,99]')}`, who)).body.data.filter((a: any) => a.tipo === 'mensagem.recebida');
  const arrived = async (subject: string) => {
    await api.app.get(MailService).flush();
    return sink.waitForSubject(subject, 10_000, cliente.email);
  };

  it('the client writes with files: staff see who wrote it, the files among the documents, and the responsável’s bell rings', async () => {
    const r = await escrever('clienteA', '  Segue o contrato social assinado.\r\nQualquer dúvida, me avisem.  ', [
      { name: 'Contrato.pdf', content: samplePdf() },
      { name: 'rg.png', content: samplePng() },
    ]);
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ registroId: registro._id, lado: 'cliente', autorNome: 'Padaria Conversa Ltda (Responsável)', texto: 'Segue o contrato social assinado.\nQualquer dúvida, me avisem.', lidaEm: null });
    expect(r.body.data.arquivos.map((a: any) => a.nomeArquivo)).toEqual(['Contrato.pdf', 'rg.png']);

    const lista = await api.get(url(), 'associado');
    expect(lista.status).toBe(200);
    expect(lista.body).toMatchObject({ total: 1, naoLidas: 1 });
    expect(lista.body.data[0]).toMatchObject({ _id: r.body.data._id, autorNome: 'Padaria Conversa Ltda (Responsável)', lado: 'cliente' });
    // The files are documents of the registro, downloaded through the documents' route.
    const documentos = await api.get(`/api/documentos?filter=${encodeURIComponent(JSON.stringify({ registroId: registro._id }))}`, 'associado');
    expect(documentos.body.data.map((d: any) => d._id)).toEqual(expect.arrayContaining(r.body.data.arquivos.map((a: any) => a._id)));
    const down = await fetch(`${api.baseUrl}/api/documentos/${r.body.data.arquivos[0]._id}/download`, { headers: { authorization: `Bearer ${api.token.associado}` } });
    expect(Buffer.from(await down.arrayBuffer()).equals(samplePdf())).toBe(true);

    const sino = await avisos('associado');
    expect(sino).toHaveLength(1);
    expect(sino[0]).toMatchObject({ titulo: `Padaria Conversa Ltda (Responsável) escreveu no registro ${registro.numero}`, link: `/painel/meu-registros/${registro._id}` });
    expect(await avisos('diretoria')).toHaveLength(0);
  });

  it('read receipts per side: staff opening the conversation marks the client’s messages read, not their own', async () => {
    const lidas = await api.post(`${url()}/lidas`, {}, 'associado');
    expect(lidas.status).toBe(200);
    expect(lidas.body.data).toEqual({ marcadas: 1 });
    expect((await api.post(`${url()}/lidas`, {}, 'associado')).body.data).toEqual({ marcadas: 0 });
    const doCliente = await api.get(url(), 'clienteA');
    expect(doCliente.body.data[0].lidaEm).toEqual(expect.any(String));
    expect(doCliente.body.naoLidas).toBe(0);
    // The client marking read changes nothing of its own messages.
    expect((await api.post(`${url()}/lidas`, {}, 'clienteA')).body.data).toEqual({ marcadas: 0 });
  });

  it('staff answer: the client sees it, unread, and gets the e-mail with the answer', async () => {
    const r = await api.post(url(), { texto: 'Recebido! Vamos protocolar amanhã.' }, 'associado');
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ lado: 'equipe', autorNome: staff.associado.nomeCompleto, arquivos: [], lidaEm: null });
    const doCliente = await api.get(url(), 'clienteA');
    expect(doCliente.body.data[0]).toMatchObject({ _id: r.body.data._id, texto: 'Recebido! Vamos protocolar amanhã.' });
    expect(doCliente.body.naoLidas).toBe(1);
    const mail = await arrived(`Registro ${registro.numero}: nova mensagem da equipe`);
    expect(mail.parsed.text).toContain('Recebido! Vamos protocolar amanhã.');
    expect(mail.parsed.text).toContain(`${SITE}/cliente/registros/${registro._id}`);
    // An optional notice: the unsubscribe link of its category.
    expect(mail.parsed.text).toContain('/api/notificacoes/descadastrar?token=');
    const novidades = await api.get('/api/clientes/me/novidades', 'clienteA');
    expect(novidades.body.data.map((n: any) => n.evento)).toContain('registro.mensagem');

    expect((await api.post(`${url()}/lidas`, {}, 'clienteA')).body.data).toEqual({ marcadas: 1 });
    expect((await api.get(url(), 'associado')).body.data[0].lidaEm).toEqual(expect.any(String));
  });

  it('with the "Mensagens" preference off the answer sends no e-mail (another notice still goes)', async () => {
    expect((await api.put('/api/clientes/me/notificacoes', { mensagens: false }, 'clienteA')).body.data.mensagens).toBe(false);
    await api.app.get(MailService).flush();
    sink.messages.length = 0;
    expect((await api.post(url(), { texto: 'Sem e-mail desta vez.' }, 'associado')).status).toBe(201);
    const outro = await api.post('/api/registros', { servico: 'consultoria', descricao: 'Controle' }, 'clienteA');
    await arrived(`Solicitação recebida: registro ${outro.body.data.numero}`);
    expect(sink.messages.filter((m) => m.parsed.subject === `Registro ${registro.numero}: nova mensagem da equipe`)).toHaveLength(0);
    await api.put('/api/clientes/me/notificacoes', { mensagens: true }, 'clienteA');
  });

  it('staff search the conversation by its words (LIKE with wildcards escaped)', async () => {
    const achou = await api.get(`${url()}?filter=${encodeURIComponent(JSON.stringify({ q: 'protocolar' }))}`, 'diretoria');
    expect(achou.body.data.map((m: any) => m.texto)).toEqual(['Recebido! Vamos protocolar amanhã.']);
    const nada = await api.get(`${url()}?filter=${encodeURIComponent(JSON.stringify({ q: '100%' }))}`, 'diretoria');
    expect(nada.body.total).toBe(0);
  });

  it('a message on a registro without responsável rings the board’s bell', async () => {
    expect((await escrever('clienteA', 'Alguém pode me ajudar?', [], semResponsavel._id)).status).toBe(201);
    expect((await avisos('diretoria')).map((a: any) => a.titulo)).toContain(`Padaria Conversa Ltda (Responsável) escreveu no registro ${semResponsavel.numero}`);
    expect(await avisos('suporte')).toHaveLength(0);
  });

  it('another client, or an associado on a registro of a colleague, gets 404 and changes nothing', async () => {
    const before = await rows();
    const alheio = await api.post('/api/registros', { servico: 'consultoria', descricao: 'Da colega', clienteId: cliente._id, responsavelId: staff.associado2._id }, 'diretoria');
    for (const [who, id] of [['clienteB', registro._id], ['associado', alheio.body.data._id]] as const) {
      const list = await api.get(url(id), who);
      expect(list.status).toBe(404);
      expect(list.body.message).toBe('Registro não encontrado.');
      expect((await api.post(url(id), { texto: 'Intrometido' }, who)).status).toBe(404);
      expect((await api.post(`${url(id)}/lidas`, {}, who)).status).toBe(404);
    }
    expect(await rows()).toBe(before);
  });

  it('the mailbox’s search finds the conversations’ messages across registros, each reader only those it may see', async () => {
    const alheio = await api.post('/api/registros', { servico: 'consultoria', descricao: 'Da colega, também', clienteId: cliente._id, responsavelId: staff.associado2._id }, 'diretoria');
    expect((await escrever('clienteA', 'Quando sai o alvará da prefeitura?', [], registro._id)).status).toBe(201);
    expect((await escrever('clienteA', 'E o alvará desta outra empresa?', [], alheio.body.data._id)).status).toBe(201);
    const busca = (q: unknown, who: string, range = '[0,24]') => api.get(`/api/mensagens?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=${encodeURIComponent(range)}`, who);
    const todos = await busca('alvará', 'diretoria');
    expect(todos.status).toBe(200);
    expect(todos.body.total).toBe(2);
    // Newest first, with the registro and the client they belong to.
    expect(todos.body.data[0]).toMatchObject({ registroId: alheio.body.data._id, registroNumero: alheio.body.data.numero, clienteId: cliente._id, clienteNome: 'Padaria Conversa Ltda', lado: 'cliente', autorNome: 'Padaria Conversa Ltda (Responsável)', trecho: 'E o alvará desta outra empresa?' });
    // The associado: its own registro's, not its colleague's.
    const meus = await busca('alvará', 'associado');
    expect(meus.body.data.map((m: any) => m.registroId)).toEqual([registro._id]);
    // By the author's name too; a LIKE's wildcard is a character; a client is refused; a bad range is 400.
    expect((await busca('Conversa Ltda (Resp', 'diretoria')).body.total).toBeGreaterThanOrEqual(2);
    expect((await busca('_lvar%', 'diretoria')).body.total).toBe(0);
    expect((await busca('alvará', 'clienteA')).status).toBe(403);
    expect((await busca('alvará', 'diretoria', '[5,1]')).status).toBe(400);
  });

  it('bad input is a 400 in Portuguese, a file too large 413, a refused type 415; nothing is kept', async () => {
    const before = { rows: await rows(), docs: await docs() };
    const vazio = await api.post(url(), { texto: '   ' }, 'clienteA');
    expect(vazio.status).toBe(400);
    expect(JSON.stringify(vazio.body.message)).toContain('Escreva a mensagem.');
    const longo = await api.post(url(), { texto: 'a'.repeat(5001) }, 'clienteA');
    expect(longo.status).toBe(400);
    expect(JSON.stringify(longo.body.message)).toContain('A mensagem pode ter até 5.000 caracteres.');
    expect((await api.post(url(), { texto: 'x', extra: 1 }, 'clienteA')).status).toBe(400);
    const grande = await escrever('clienteA', 'Arquivo grande', [{ name: 'a.pdf', content: samplePdf() }, { name: 'grande.pdf', content: Buffer.concat([samplePdf(), Buffer.alloc(MAX)]) }]);
    expect(grande.status).toBe(413);
    expect(grande.body.message).toMatch(/excede o tamanho máximo/);
    // The second file refused by its content: the first one, already stored, is taken back.
    const falso = await escrever('clienteA', 'Tipo falso', [{ name: 'ok.pdf', content: samplePdf() }, { name: 'virus.pdf', content: Buffer.from('MZ não é PDF') }]);
    expect(falso.status).toBe(415);
    const demais = await escrever('clienteA', 'Muitos', Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.png`, content: samplePng() })));
    expect(demais.status).toBe(400);
    expect(demais.body.message).toBe('Envie no máximo 5 arquivos por mensagem, no campo "arquivo".');
    expect({ rows: await rows(), docs: await docs() }).toEqual(before);
  });
});
