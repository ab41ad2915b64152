import { OUTBOX_BACKOFF_MS } from '../../backend/src/mail/mail-outbox.service';
import { AvisosPrazosJob } from '../../backend/src/exigencias/avisos-prazos.job';
import { MailService } from '../../backend/src/mail/mail.service';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { addCalendarDays, todayInSaoPaulo } from '@veritas/common';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

/** Issue 53, the staff half: the panel's bell. Each event tells exactly its readers; each reader sees and marks only their own. */
describe.each(databaseKinds())('Avisos da equipe on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let mail: MailService;
  let people: Record<string, any>;
  const WHO = ['master', 'diretoria', 'associado', 'associado2', 'financeiro', 'suporte'] as const;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: '0', SMTP_URL: sink.url, OUTBOX_RETRY_BASE_MS: '100', SLA_DIAS_UTEIS: 'abertura-empresas=3' });
    people = await api.withEveryRole();
    await api.withCliente('cliente', { razaoSocial: 'Padaria Aviso Ltda' });
    mail = api.app.get(MailService);
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  /** Everyone's notices of one kind (the newest first), by person. */
  async function avisos(tipo: string): Promise<Record<string, any[]>> {
    const out: Record<string, any[]> = {};
    for (const who of WHO) {
      const r = await api.get(`/api/avisos?range=${encodeURIComponent('[0,99]')}`, who);
      expect(r.status).toBe(200);
      out[who] = r.body.data.filter((a: any) => a.tipo === tipo);
    }
    return out;
  }
  const counts = (by: Record<string, any[]>) => Object.fromEntries(Object.entries(by).map(([k, v]) => [k, v.length]));
  const novo = async () => (await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Abertura' }, 'cliente')).body.data;

  async function upload(as: string, registroId: string) {
    const form = new FormData();
    form.append('registroId', registroId);
    form.append('arquivo', new Blob([new Uint8Array(samplePdf())]), 'Contrato social.pdf');
    const res = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token[as]}` }, body: form });
    return res.status;
  }

  it('an assignment by someone else tells the assignee once (the assigner nothing); the client upload then tells the responsável', async () => {
    const r = await novo();
    expect((await api.put(`/api/registros/${r._id}/responsavel`, { responsavelId: people.associado._id }, 'master')).status).toBe(200);
    const atribuidos = await avisos('registro.atribuido');
    expect(counts(atribuidos)).toEqual({ master: 0, diretoria: 0, associado: 1, associado2: 0, financeiro: 0, suporte: 0 });
    expect(atribuidos.associado[0]).toMatchObject({ tipoLabel: 'Registro atribuído', link: `/painel/meu-registros/${r._id}`, lidoEm: null });
    expect(atribuidos.associado[0].titulo).toContain(r.numero);

    // Taking a registro oneself is no news.
    const r2 = await novo();
    expect((await api.put(`/api/registros/${r2._id}/responsavel`, { responsavelId: people.associado2._id }, 'associado2')).status).toBe(200);
    expect(counts(await avisos('registro.atribuido')).associado2).toBe(0);

    expect(await upload('cliente', r._id)).toBe(201);
    const docs = await avisos('documento.enviado');
    expect(counts(docs)).toEqual({ master: 0, diretoria: 0, associado: 1, associado2: 0, financeiro: 0, suporte: 0 });
    expect(docs.associado[0]).toMatchObject({ link: `/painel/meu-registros/${r._id}` });
    expect(docs.associado[0].titulo).toContain('Padaria Aviso Ltda');
    // Staff's own uploads tell nobody.
    expect(await upload('associado', r._id)).toBe(201);
    expect(counts(await avisos('documento.enviado')).associado).toBe(1);
  });

  it('a board member who is responsável gets the firm-wide link of the registro', async () => {
    const r = await novo();
    expect((await api.put(`/api/registros/${r._id}/responsavel`, { responsavelId: people.master._id }, 'diretoria')).status).toBe(200);
    const [a] = (await avisos('registro.atribuido')).master;
    expect(a.link).toBe(`/painel/registros/${r._id}`);
  });

  it('a deadline within 5 business days tells the responsável once, however often the daily job runs', async () => {
    const r = await novo();
    expect(r.prazo).toEqual(expect.any(String));
    expect((await api.put(`/api/registros/${r._id}/responsavel`, { responsavelId: people.associado2._id }, 'diretoria')).status).toBe(200);
    const job = api.app.get(AvisosPrazosJob);
    await job.runOnce();
    // Notified 27 days ago (it pauses the registro's own deadline): its 30-day clock ends within the next 5 business days.
    const notificadaEm = addCalendarDays(todayInSaoPaulo(), -27);
    const ex = await api.post(`/api/registros/${r._id}/exigencias`, { descricao: 'Falta a assinatura do sócio', notificadaEm }, 'associado2');
    expect(ex.status).toBe(201);
    await job.runOnce();
    await job.runOnce();
    const by = await avisos('prazo.vencendo');
    const sobre = by.associado2.filter((a) => a.link === `/painel/meu-registros/${r._id}`);
    expect(sobre).toHaveLength(1);
    expect(sobre[0].titulo).toContain(r.numero);
    expect(by.master.filter((a) => a.link.endsWith(r._id))).toHaveLength(0);
    const exigencias = (await avisos('exigencia.vencendo')).associado2.filter((a) => a.link === `/painel/meu-registros/${r._id}`);
    expect(exigencias).toHaveLength(1);
    expect(exigencias[0].titulo).toContain('Falta a assinatura do sócio');

    // The client is reminded by e-mail too, once for this deadline, with a link to the registro.
    await mail.flush();
    const subject = `Registro ${r.numero}: exigência vence em ${ex.body.data.prazo.split('-').reverse().join('/')}`;
    const lembrete = await sink.waitForSubject(subject);
    expect(lembrete.parsed.text).toContain('Falta a assinatura do sócio');
    expect(lembrete.parsed.text).toContain(`/cliente/registros/${r._id}`);
    await job.runOnce();
    await mail.flush();
    expect(sink.messages.filter((m) => m.parsed.subject === subject)).toHaveLength(1);
  });

  it('a contact message tells Suporte and the board, not an associado nor Financeiro', async () => {
    const body = { nome: 'Visitante Aviso', email: 'visitante.aviso@exemplo.com.br', telefone: '(11) 98888-7777', empresa: '', assunto: 'Abertura de Empresas', mensagem: 'Quero abrir uma empresa.', aceiteTermos: true, website: '' };
    expect((await api.post('/api/contato', body)).status).toBe(201);
    const by = await avisos('contato.recebido');
    expect(counts(by)).toEqual({ master: 1, diretoria: 1, associado: 0, associado2: 0, financeiro: 0, suporte: 1 });
    expect(by.suporte[0]).toMatchObject({ link: '/painel/mensagens', tipoLabel: 'Nova mensagem de contato' });
    expect(by.suporte[0].titulo).toContain('Visitante Aviso');
  });

  it('a message that finally failed in the outgoing queue tells the board, once', async () => {
    sink.refuseWith = 554;
    try {
      const r = await novo();
      expect((await api.put(`/api/registros/${r._id}/status`, { status: 'andamento' }, 'master')).status).toBe(200);
      for (let i = 0; i < OUTBOX_BACKOFF_MS.length + 3; i++) await mail.flush();
      const by = await avisos('fila.falhou');
      const sobre = (list: any[]) => list.filter((a) => a.titulo.includes(`Registro ${r.numero}: Em andamento`));
      expect(sobre(by.master)).toHaveLength(1);
      expect(sobre(by.diretoria)).toHaveLength(1);
      for (const who of ['associado', 'associado2', 'financeiro', 'suporte']) expect(by[who]).toHaveLength(0);
      expect(sobre(by.master)[0].link).toBe('/painel/configuracoes/fila-saida');
    } finally {
      sink.refuseWith = null;
    }
  });

  it('lists newest first with the unread count; marks one, then all, read; another user\'s notice is 404', async () => {
    const list = await api.get('/api/avisos', 'suporte');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toMatch(/^avisos 0-\d+\/\d+$/);
    const unread = list.body.naoLidos;
    expect(unread).toBeGreaterThanOrEqual(1);
    const first = list.body.data[0];
    const times = list.body.data.map((a: any) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await api.post(`/api/avisos/${first.id}/lido`, {}, 'master')).status).toBe(404);
    expect((await api.post('/api/avisos/00000000-0000-4000-8000-000000000000/lido', {}, 'suporte')).status).toBe(404);
    expect((await api.post('/api/avisos/nao-e-um-id/lido', {}, 'suporte')).status).toBe(404);

    const one = await api.post(`/api/avisos/${first.id}/lido`, {}, 'suporte');
    expect(one.status).toBe(200);
    expect(one.body.data.lidoEm).toEqual(expect.any(String));
    expect(one.body.naoLidos).toBe(unread - 1);
    expect((await api.post(`/api/avisos/${first.id}/lido`, {}, 'suporte')).body.data.lidoEm).toBe(one.body.data.lidoEm);

    const naoLidos = await api.get(`/api/avisos?filter=${encodeURIComponent(JSON.stringify({ lido: false }))}`, 'suporte');
    expect(naoLidos.body.data.every((a: any) => a.lidoEm === null)).toBe(true);

    const masterUnread = (await api.get('/api/avisos', 'master')).body.naoLidos;
    const all = await api.post('/api/avisos/lidos', {}, 'suporte');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ data: { marcados: unread - 1 }, naoLidos: 0 });
    expect((await api.get('/api/avisos', 'suporte')).body.naoLidos).toBe(0);
    // Only the caller's own.
    expect((await api.get('/api/avisos', 'master')).body.naoLidos).toBe(masterUnread);
    expect((await api.get('/api/avisos', 'cliente')).status).toBe(403);
  });
});
