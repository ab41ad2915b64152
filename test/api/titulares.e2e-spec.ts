import JSZip from 'jszip';
import { DataSource } from 'typeorm';
import { ContatoRetencaoJob } from '../../backend/src/contato/contato-retencao.job';
import { ContatoMensagem } from '../../backend/src/contato/entities/contato-mensagem.entity';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { MailService } from '../../backend/src/mail/mail.service';
import { SolicitacaoTitular } from '../../backend/src/titulares/entities/solicitacao-titular.entity';
import { TitularesJob } from '../../backend/src/titulares/titulares.job';
import { TitularesService } from '../../backend/src/titulares/titulares.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

const DAY = 86_400_000;

/** Issue 16: the client's LGPD rights — a copy of its data, correction, erasure — and the contact messages' retention. */
describe.each(databaseKinds())('LGPD rights of the client on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let db: DataSource;
  let clienteA: any;
  let clienteB: any;
  let registroA: any;
  let registroB: any;
  let documentoA: any;
  const pdf = samplePdf();

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: '0', SMTP_URL: sink.url, FIRM_DPO_NAME: 'Marina Encarregada', FIRM_DPO_EMAIL: 'dpo@veritas.com.br' });
    await api.withEveryRole();
    clienteA = await api.withCliente('clienteA', { razaoSocial: 'Padaria Pão Quente Ltda', nomeCompletoResponsavel: 'João da Silva', telefone: '(11) 3333-4444' });
    clienteB = await api.withCliente('clienteB', { razaoSocial: 'Oficina Bom Motor Ltda' });
    db = api.app.get(DataSource);

    registroA = (await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Abertura da padaria' }, 'clienteA')).body.data;
    registroB = (await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Descricao secreta do cliente B' }, 'clienteB')).body.data;
    const st = (body: object) => api.put(`/api/registros/${registroA._id}/status`, body, 'master');
    expect((await st({ status: 'andamento', note: 'Nota interna: cliente exigente' })).status).toBe(200);
    expect((await st({ status: 'pendente', note: 'Envie o contrato assinado.', visivelCliente: true })).status).toBe(200);

    const form = new FormData();
    form.append('registroId', registroA._id);
    form.append('arquivo', new Blob([new Uint8Array(pdf)]), 'Contrato Social.pdf');
    const up = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token.clienteA}` }, body: form });
    documentoA = ((await up.json()) as any).data;
    expect(up.status).toBe(201);

    // Its conversation on the registro (ADR 0057): its own message and the firm's answer.
    expect((await api.post(`/api/registros/${registroA._id}/mensagens`, { texto: 'Segue o contrato, como pedido.' }, 'clienteA')).status).toBe(201);
    expect((await api.post(`/api/registros/${registroA._id}/mensagens`, { texto: 'Recebido, obrigado.' }, 'master')).status).toBe(201);

    const cobranca = await api.post('/api/cobrancas', { clienteId: clienteA._id, linhas: [{ descricao: 'Honorários da abertura', tipo: 'honorario', valor: 500 }] }, 'financeiro');
    expect(cobranca.status).toBe(201);
    expect((await api.post(`/api/cobrancas/${cobranca.body.data._id}/pagamentos`, { valor: 200, forma: 'pix' }, 'financeiro')).status).toBe(201);

    // An appointment with the client (invited: its invitation is e-mailed), with a note of the staff's own.
    const evento = {
      tipo: 'assinatura',
      titulo: 'Assinatura do contrato social',
      inicio: '2027-03-01T13:00:00.000Z',
      fim: '2027-03-01T14:00:00.000Z',
      clienteId: clienteA._id,
      convidarCliente: true,
      local: 'Sala 2',
      notas: 'Nota interna: cliente exigente',
    };
    expect((await api.post('/api/agenda/eventos', evento, 'associado')).status).toBe(201);
    await api.app.get(MailService).flush();

    const contato = { nome: 'João', email: clienteA.email, telefone: '(11) 98888-7777', assunto: 'Abertura de Empresas', mensagem: 'Quero abrir.', aceiteTermos: true, website: '' };
    expect((await api.post('/api/contato', contato)).status).toBe(201);
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  const titulares = () => api.app.get(TitularesService);

  async function download(as: string, id: string) {
    const res = await fetch(`${api.baseUrl}/api/clientes/me/exportacao/${id}/arquivo`, { headers: { authorization: `Bearer ${api.token[as]}` } });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  describe('access and portability: the ZIP', () => {
    let exportId: string;
    let files: Record<string, Buffer>;

    it('is generated in the background and holds exactly the client\'s data', async () => {
      expect((await api.put('/api/clientes/me/notificacoes', { cobrancas: false }, 'clienteA')).status).toBe(200);
      const r = await api.post('/api/clientes/me/exportacao', undefined, 'clienteA');
      expect([r.status, r.body.data.tipo, r.body.data.status, r.body.data.download]).toEqual([202, 'exportacao', 'processando', null]);
      exportId = r.body.data._id;
      await titulares().idle();

      const st = await api.get(`/api/clientes/me/exportacao/${exportId}`, 'clienteA');
      expect(st.body.data).toMatchObject({ status: 'pronta', download: `/api/clientes/me/exportacao/${exportId}/arquivo` });
      const expira = new Date(st.body.data.expiraEm).getTime();
      expect(expira - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
      expect(expira - Date.now()).toBeLessThanOrEqual(7 * DAY);

      const zip = await download('clienteA', exportId);
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      const unzipped = await JSZip.loadAsync(zip.bytes);
      files = {};
      for (const f of Object.values(unzipped.files)) if (!f.dir) files[f.name] = await f.async('nodebuffer');
      const docEntry = `documentos/${documentoA._id}-Contrato Social.pdf`;
      expect(Object.keys(files).sort()).toEqual(
        ['LEIA-ME.json', 'agenda.json', 'cadastro.json', 'cobrancas.json', 'consentimentos.json', docEntry, 'documentos.json', 'emails.json', 'membros.json', 'mensagens.json', 'novidades.json', 'registros.json'].sort(),
      );
      expect(files[docEntry].equals(pdf)).toBe(true);

      const json = (name: string) => JSON.parse(files[name].toString('utf8'));
      expect(json('cadastro.json')).toMatchObject({ _id: clienteA._id, razaoSocial: 'Padaria Pão Quente Ltda', nomeCompletoResponsavel: 'João da Silva' });
      const registros = json('registros.json');
      expect(registros.map((r: any) => r._id)).toEqual([registroA._id]);
      expect(registros[0].historico.map((h: any) => h.nota)).toEqual([null, null, 'Envie o contrato assinado.']);
      expect(registros[0]).toHaveProperty('etapas');
      expect(registros[0]).toHaveProperty('exigencias');
      expect(registros[0]).toHaveProperty('checklist');
      expect(json('documentos.json')).toEqual([expect.objectContaining({ _id: documentoA._id, nomeArquivo: 'Contrato Social.pdf', arquivoNoZip: docEntry })]);
      expect(json('mensagens.json').map((m: any) => [m.registro, m.lado, m.autor, m.texto])).toEqual([
        [registroA.numero, 'cliente', 'João da Silva (Responsável)', 'Segue o contrato, como pedido.'],
        [registroA.numero, 'equipe', expect.any(String), 'Recebido, obrigado.'],
      ]);
      // Issue 54: the company's people with access, what the firm keeps of each (no password, no invitation).
      const membros = json('membros.json');
      expect(membros).toEqual([expect.objectContaining({ email: clienteA.email, papel: 'Responsável', situacao: 'ativo', capacidades: expect.arrayContaining(['solicitar', 'cobrancas']) })]);
      expect(JSON.stringify(membros)).not.toMatch(/passwordHash|convite|\$argon2/);
      const cobrancas = json('cobrancas.json');
      expect(cobrancas).toHaveLength(1);
      expect(cobrancas[0].pagamentos).toHaveLength(1);
      const consent = json('consentimentos.json');
      expect(consent.formularioDeContato).toEqual([expect.objectContaining({ assunto: 'Abertura de Empresas', aceiteTermos: true, aceiteTermosEm: expect.any(String) })]);
      // Issue 53: the optional e-mails it chose (the one it turned off, before asking for the copy).
      expect(consent.notificacoes).toEqual({ andamento: true, documentos: true, mensagens: true, cobrancas: false, agenda: true });

      // Issue 58: its appointments and the e-mails the system sent it (subject, date, event).
      expect(json('agenda.json')).toEqual([
        expect.objectContaining({ tipo: 'assinatura', titulo: 'Assinatura do contrato social', inicio: '2027-03-01T13:00:00.000Z', local: 'Sala 2', convidado: true }),
      ]);
      const emails = json('emails.json');
      const eventos = emails.map((e: any) => e.evento);
      expect(eventos).toEqual(expect.arrayContaining(['registro.status', 'agenda.convite']));
      const convite = emails.find((e: any) => e.evento === 'agenda.convite');
      expect(convite).toMatchObject({ assunto: expect.stringMatching(/^Convite: Assinatura do contrato social/), data: expect.any(String), situacao: 'enviado' });
      for (const e of emails) expect(Number.isNaN(Date.parse(e.data))).toBe(false);
      // Issue 53 (ADR 0052): the portal's Novidades, each with its link — the cobrança's too, whose e-mail was off.
      const novidades = json('novidades.json');
      expect(novidades.map((n: any) => n.evento)).toEqual(expect.arrayContaining(['registro.status', 'agenda.convite']));
      expect(novidades.find((n: any) => n.evento === 'registro.status')).toMatchObject({ link: `/cliente/registros/${registroA._id}`, data: expect.any(String), lidaEm: null });

      // Nothing of the other client, no internal note, no password hash anywhere in the archive.
      const everything = Object.entries(files).filter(([n]) => n.endsWith('.json')).map(([, b]) => b.toString('utf8')).join('\n');
      const hash = (await db.query(`SELECT passwordHash FROM cliente_membros WHERE clienteId = '${clienteA._id}'`))[0].passwordHash as string;
      expect(hash).toMatch(/^\$argon2/);
      for (const absent of ['Nota interna', 'cliente exigente', registroB._id, registroB.numero, 'Descricao secreta', clienteB._id, 'Oficina Bom Motor', 'passwordHash', hash, '$argon2']) {
        expect([absent, everything.includes(absent)]).toEqual([absent, false]);
      }
    });

    it('is the client\'s own: another client gets 404 for its status and its file', async () => {
      expect((await api.get(`/api/clientes/me/exportacao/${exportId}`, 'clienteB')).status).toBe(404);
      expect((await download('clienteB', exportId)).status).toBe(404);
      expect((await api.get('/api/clientes/me/solicitacoes', 'clienteB')).body.data).toEqual([]);
    });

    it('stops working when the link expires (410), and the job removes the file', async () => {
      await db.getRepository(SolicitacaoTitular).update({ id: exportId }, { expiraEm: new Date(Date.now() - 1000) });
      const gone = await download('clienteA', exportId);
      expect(gone.status).toBe(410);
      expect(JSON.parse(gone.bytes.toString()).message).toBe('O link desta cópia dos dados expirou. Peça uma nova cópia em Meus dados.');
      expect((await api.get(`/api/clientes/me/exportacao/${exportId}`, 'clienteA')).body.data.download).toBeNull();
      const [{ arquivoKey }] = await db.query(`SELECT arquivoKey FROM solicitacoes_titulares WHERE id = ?`, [exportId]);
      expect(await api.app.get(TitularesJob).runOnce(new Date())).toMatchObject({ expiradas: 1 });
      const [after] = await db.query(`SELECT arquivoKey FROM solicitacoes_titulares WHERE id = ?`, [exportId]);
      expect(after.arquivoKey).toBeNull();
      const store = (api.app.get(TitularesService) as any).storage;
      expect(await store.stat(arquivoKey)).toBeNull();
      expect((await download('clienteA', exportId)).status).toBe(410);
    });
  });

  describe('correction', () => {
    it('the client edits its contact fields itself, but not its identity', async () => {
      const ok = await api.put('/api/clientes/me/contato', { telefone: '(11) 2222-3333', endereco: 'Rua Nova', nomeCompletoResponsavel: 'João Souza' }, 'clienteA');
      expect([ok.status, ok.body.data.telefone, ok.body.data.endereco, ok.body.data.nomeCompletoResponsavel]).toEqual([200, '(11) 2222-3333', 'Rua Nova', 'João Souza']);
      for (const body of [{ razaoSocial: 'Outra' }, { cnpj: '11.222.333/0001-81' }, { email: 'outro@exemplo.com.br' }, { telefone: '123' }]) {
        expect([body, (await api.put('/api/clientes/me/contato', body, 'clienteA')).status]).toEqual([body, 400]);
      }
      expect((await api.get('/api/clientes/me', 'clienteA')).body.data.razaoSocial).toBe('Padaria Pão Quente Ltda');
    });

    it('identity fields go to staff with the reason, and the approval changes them and tells the client', async () => {
      expect((await api.post('/api/clientes/me/correcao', { razaoSocial: 'Padaria Nova Ltda' }, 'clienteA')).body.message).toBe('Informe o motivo da correção.');
      expect((await api.post('/api/clientes/me/correcao', { razaoSocial: 'Padaria Pão Quente Ltda', motivo: 'x' }, 'clienteA')).status).toBe(400);
      const r = await api.post('/api/clientes/me/correcao', { razaoSocial: 'Padaria Nova Ltda', motivo: 'Alteração contratual registrada.' }, 'clienteA');
      expect([r.status, r.body.data.status, r.body.data.dados]).toEqual([201, 'pendente', { razaoSocial: 'Padaria Nova Ltda' }]);
      expect((await api.get('/api/clientes/me', 'clienteA')).body.data.razaoSocial).toBe('Padaria Pão Quente Ltda');

      sink.messages.length = 0;
      const ok = await api.post(`/api/solicitacoes-titulares/${r.body.data._id}/aprovar`, {}, 'master');
      expect([ok.status, ok.body.data.status, ok.body.data.respondidaPorNome]).toEqual([200, 'aprovada', 'Administrador Master']);
      expect((await api.get('/api/clientes/me', 'clienteA')).body.data.razaoSocial).toBe('Padaria Nova Ltda');
      await api.app.get(MailService).flush();
      const mail = await sink.waitForSubject('Seu pedido de correção dos dados cadastrais: atendido');
      expect(mail.to).toEqual([clienteA.email]);
      expect(mail.parsed.text).toContain('Marina Encarregada (dpo@veritas.com.br)');
    });
  });

  describe('erasure', () => {
    let pedido: any;

    it('the client asks; staff see it with the 15-day clock; a refusal needs a reason', async () => {
      const r = await api.post('/api/clientes/me/eliminacao', { motivo: 'Encerramos a empresa.' }, 'clienteA');
      expect([r.status, r.body.data.tipo, r.body.data.status]).toEqual([201, 'eliminacao', 'pendente']);
      pedido = r.body.data;
      expect(new Date(pedido.prazo).getTime() - new Date(pedido.createdAt).getTime()).toBe(15 * DAY);
      expect((await api.post('/api/clientes/me/eliminacao', {}, 'clienteA')).status).toBe(409);

      const list = await api.get(`/api/solicitacoes-titulares?filter=${encodeURIComponent(JSON.stringify({ tipo: 'eliminacao', status: 'pendente' }))}`, 'diretoria');
      expect(list.status).toBe(200);
      expect(list.headers.get('content-range')).toBe('solicitacoes-titulares 0-0/1');
      expect(list.body.data[0]).toMatchObject({ _id: pedido._id, clienteNome: 'Padaria Nova Ltda', motivo: 'Encerramos a empresa.' });
      expect((await api.get(`/api/solicitacoes-titulares?filter=${encodeURIComponent(JSON.stringify({ tipo: 'outro' }))}`, 'master')).status).toBe(400);
      const csv = await api.get(`/api/solicitacoes-titulares/exportar?filter=${encodeURIComponent(JSON.stringify({ tipo: 'eliminacao' }))}`, 'master');
      expect([csv.status, csv.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
      expect(csv.body.split('\r\n')[1]).toMatch(/^Eliminação de dados;Padaria Nova Ltda;Pendente;\d{2}\/\d{2}\/\d{4};\d{2}\/\d{2}\/\d{4};Encerramos a empresa\.;;$/);

      for (const body of [{}, { resposta: '   ' }]) {
        const refused = await api.post(`/api/solicitacoes-titulares/${pedido._id}/recusar`, body, 'master');
        expect([refused.status, refused.body.message]).toEqual([400, 'Informe o motivo da recusa.']);
      }
      expect((await api.get(`/api/solicitacoes-titulares/${pedido._id}`, 'master')).body.data.status).toBe('pendente');
    });

    it('approval anonymises the personal data, disables sign-in and keeps registros and charges', async () => {
      sink.messages.length = 0;
      const ok = await api.post(`/api/solicitacoes-titulares/${pedido._id}/aprovar`, { resposta: 'Dados fiscais mantidos por 5 anos.' }, 'diretoria');
      expect([ok.status, ok.body.data.status, ok.body.data.respostaEnviadaEm]).toEqual([200, 'aprovada', expect.any(String)]);
      const nome = `Titular anonimizado #${clienteA._id.slice(0, 8)}`;
      expect(ok.body.data.clienteNome).toBe(nome);

      // The token in use stops working, and the old password no longer signs in.
      expect((await api.get('/api/clientes/me', 'clienteA')).status).toBe(401);
      expect((await api.post('/api/clientes/login', { email: clienteA.email, password: 'Cliente!2026' })).status).toBe(401);

      const c = (await api.get(`/api/clientes/${clienteA._id}`, 'master')).body.data;
      expect(c).toMatchObject({
        razaoSocial: nome,
        nomeFantasia: null,
        email: `anonimizado-${clienteA._id}@anonimizado.invalid`,
        telefone: null,
        cep: null,
        endereco: null,
        cidade: null,
        nomeCompletoResponsavel: null,
        status: 'inativo',
        cnpj: clienteA.cnpj,
      });
      const row = (await db.query(`SELECT * FROM clientes WHERE id = ?`, [clienteA._id]))[0];
      expect(JSON.stringify(row)).not.toMatch(/João|Padaria|2222-3333|22223333|Rua Nova/);
      // Nor where the client acted: its history lines and its uploads carry the anonymous name.
      const detalhe = (await api.get(`/api/registros/${registroA._id}`, 'master')).body.data;
      expect(detalhe.historico.filter((h: any) => h.autorTipo === 'cliente').map((h: any) => h.autorNome)).toEqual([nome]);
      expect((await api.get(`/api/documentos/${documentoA._id}`, 'master')).body.data).toMatchObject({ enviadoPorNome: nome, clienteNome: nome });
      const conversa = (await api.get(`/api/registros/${registroA._id}/mensagens`, 'master')).body.data;
      expect(conversa.filter((m: any) => m.lado === 'cliente').map((m: any) => m.autorNome)).toEqual([nome]);

      // What the law requires the firm to keep stays, under the anonymous name.
      const registros = await api.get(`/api/registros?filter=${encodeURIComponent(JSON.stringify({ clienteId: clienteA._id }))}`, 'master');
      expect(registros.body.data.map((r: any) => [r._id, r.clienteNome])).toEqual([[registroA._id, nome]]);
      const cobrancas = await api.get(`/api/cobrancas?filter=${encodeURIComponent(JSON.stringify({ clienteId: clienteA._id }))}`, 'financeiro');
      expect(cobrancas.body.data.map((x: any) => x.clienteNome)).toEqual([nome]);
      expect((await api.get(`/api/documentos/${documentoA._id}`, 'master')).status).toBe(200);
      // Its messages through the contact form are gone.
      expect(Number((await db.query('SELECT COUNT(*) AS n FROM contato_mensagens WHERE email = ?', [clienteA.email]))[0].n)).toBe(0);

      // The answer went to the address it had, and is recorded on the request.
      await api.app.get(MailService).flush();
      const mail = await sink.waitForSubject('Seu pedido de eliminação dos seus dados pessoais: atendido');
      expect(mail.to).toEqual([clienteA.email]);
      expect(mail.parsed.text).toContain('Dados fiscais mantidos por 5 anos.');

      const again = await api.post(`/api/solicitacoes-titulares/${pedido._id}/aprovar`, {}, 'master');
      expect([again.status, again.body.message]).toEqual([409, 'Esta solicitação já foi respondida.']);

      // The client's trail has the request and its answer, and the erasure says which fields went, not what they held.
      const trail = await api.get(`/api/auditoria?filter=${encodeURIComponent(JSON.stringify({ clienteId: clienteA._id }))}&range=[0,199]`, 'master');
      const acoes = trail.body.data.map((e: any) => e.acao);
      expect(acoes).toEqual(expect.arrayContaining(['titular.solicitacao.create', 'titular.solicitacao.update', 'cliente.update']));
      const erasure = trail.body.data.find((e: any) => e.acao === 'cliente.update' && e.diff?.razaoSocial?.[1] === '[oculto]');
      expect(erasure).toBeDefined();
      expect(Object.keys(erasure.diff)).toEqual(expect.arrayContaining(['razaoSocial', 'email', 'telefone', 'endereco']));
      expect(JSON.stringify(erasure.diff)).not.toContain(clienteA.email);
      expect(JSON.stringify(erasure.diff)).not.toMatch(/Padaria|Rua Nova|anonimizado/);
    });

    it('a refusal is sent with its reason', async () => {
      const r = await api.post('/api/clientes/me/eliminacao', {}, 'clienteB');
      sink.messages.length = 0;
      const no = await api.post(`/api/solicitacoes-titulares/${r.body.data._id}/recusar`, { resposta: 'Há cobrança em aberto em discussão judicial.' }, 'master');
      expect([no.status, no.body.data.status, no.body.data.resposta]).toEqual([200, 'recusada', 'Há cobrança em aberto em discussão judicial.']);
      expect((await api.get('/api/clientes/me', 'clienteB')).status).toBe(200);
      await api.app.get(MailService).flush();
      const mail = await sink.waitForSubject('Seu pedido de eliminação dos seus dados pessoais: recusado');
      expect(mail.to).toEqual([clienteB.email]);
      expect(mail.parsed.text).toContain('Motivo: Há cobrança em aberto em discussão judicial.');
    });

    it('a client deleted for good takes its requests along', async () => {
      const count = async () => Number((await db.query('SELECT COUNT(*) AS n FROM solicitacoes_titulares WHERE clienteId = ?', [clienteB._id]))[0].n);
      expect(await count()).toBeGreaterThan(0);
      expect((await api.put(`/api/clientes/${clienteB._id}`, { status: 'inativo' }, 'master')).status).toBe(200);
      expect((await api.del(`/api/clientes/${clienteB._id}`, 'master')).status).toBe(200);
      expect(await count()).toBe(0);
    });
  });

  it('the contact messages older than the retention (365 days by default) are deleted by the job', async () => {
    const send = (n: number) =>
      api.post('/api/contato', { nome: `Visitante ${n}`, email: `visitante${n}@exemplo.com.br`, telefone: '(11) 98888-7777', assunto: 'Abertura de Empresas', mensagem: 'Olá.', aceiteTermos: true, website: '' });
    for (const n of [1, 2, 3]) expect((await send(n)).status).toBe(201);
    const now = Date.now();
    const mensagens = db.getRepository(ContatoMensagem);
    await mensagens.update({ email: 'visitante1@exemplo.com.br' }, { createdAt: new Date(now - 366 * DAY) });
    await mensagens.update({ email: 'visitante2@exemplo.com.br' }, { createdAt: new Date(now - 364 * DAY) });
    expect(await api.app.get(ContatoRetencaoJob).runOnce(new Date(now))).toBe(1);
    const left = (await db.query("SELECT email FROM contato_mensagens WHERE email LIKE 'visitante%' ORDER BY email")).map((r: any) => r.email);
    expect(left).toEqual(['visitante2@exemplo.com.br', 'visitante3@exemplo.com.br']);
  });
});
