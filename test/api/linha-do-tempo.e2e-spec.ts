import { createTransport } from 'nodemailer';
import { DataSource } from 'typeorm';
import { mailboxMessagePath, todayInSaoPaulo } from '@veritas/common';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { SmtpListener } from '../../backend/src/mail/smtp-listener.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { freePort } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';

/** Issue 56 (ADR 0054): one timeline per client, newest first, filtered by kind and registro, paged in SQL. */
describe.each(databaseKinds())('a client’s timeline on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let db: DataSource;
  let cliente: any;
  let registro: any;
  let alheio: any;
  let staff: Awaited<ReturnType<TestApi['withEveryRole']>>;
  const ids: Record<string, string> = {};
  const NO_ID = '00000000-0000-4000-8000-000000000000';

  const linhas = (who: string, query = '') => api.get(`/api/clientes/${cliente._id}/linha-do-tempo${query}`, who);
  const q = (params: Record<string, unknown>) => `?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]))).toString()}`;
  const at = (day: string, hour = 10) => `${day} ${String(hour).padStart(2, '0')}:00:00`;
  const iso = (day: string, hour = 10) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
  const set = (table: string, column: string, when: string, id: string) => db.query(`UPDATE ${table} SET ${column} = ? WHERE id = ?`, [when, id]);

  async function upload(as: string, url: string, fields: Record<string, string>, name: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('arquivo', new Blob([new Uint8Array(samplePdf())]), name);
    const res = await fetch(`${api.baseUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${api.token[as]}` }, body: form });
    expect(res.status).toBe(201);
    return ((await res.json()) as any).data;
  }
  async function ok(reply: Promise<{ status: number; body: any }>, status = 201) {
    const r = await reply;
    if (r.status !== status) throw new Error(`${r.status}: ${JSON.stringify(r.body)}`);
    return r.body.data;
  }

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: String(await freePort()), SMTP_URL: sink.url });
    db = api.app.get(DataSource);
    staff = await api.withEveryRole();
    cliente = await api.withCliente('clienteA', { razaoSocial: 'Construtora Ipê Ltda', email: 'contato@construtoraipe.com.br' });
    await api.withCliente('clienteB');

    // A registro anyone who works registros sees (unassigned), and one of a colleague (the associado does not see it).
    registro = await ok(api.post('/api/registros', { clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Certidão para a licitação' }, 'master'));
    alheio = await ok(api.post('/api/registros', { clienteId: cliente._id, servico: 'consultoria', descricao: 'Da colega', responsavelId: staff.associado2._id }, 'diretoria'));
    const etapa = (await api.get(`/api/registros/${registro._id}`, 'master')).body.data.etapas.find((e: any) => e.ordem === 1);
    await ok(api.put(`/api/registros/${registro._id}/etapas/${etapa._id}`, { status: 'andamento' }, 'master'), 200);
    ids.exigencia = (await ok(api.post(`/api/registros/${registro._id}/exigencias`, { descricao: 'Falta o contrato assinado', notificadaEm: todayInSaoPaulo() }, 'master')))._id;
    ids.exigenciaAlheia = (await ok(api.post(`/api/registros/${alheio._id}/exigencias`, { descricao: 'Assinatura do sócio', notificadaEm: todayInSaoPaulo() }, 'diretoria')))._id;
    ids.item = (await ok(api.post(`/api/registros/${registro._id}/checklist`, { nome: 'Procuração', obrigatorio: false }, 'master')))._id;
    ids.arquivo = (await upload('clienteA', `/api/registros/${registro._id}/checklist/${ids.item}/arquivo`, {}, 'procuracao.pdf')).documentoId;
    await ok(api.put(`/api/registros/${registro._id}/checklist/${ids.item}`, { status: 'aceito' }, 'master'), 200);
    ids.documento = (await upload('master', '/api/documentos', { clienteId: cliente._id, titulo: 'Contrato social' }, 'contrato.pdf'))._id;
    ids.cobranca = (await ok(api.post('/api/cobrancas', { clienteId: cliente._id, linhas: [{ descricao: 'Honorários', tipo: 'honorario', valor: 150 }] }, 'financeiro')))._id;
    const paga = await ok(api.post(`/api/cobrancas/${ids.cobranca}/pagamentos`, { valor: 150, forma: 'pix' }, 'financeiro'));
    ids.pagamento = paga.pagamentos[0]._id;
    ids.evento = (await ok(api.post('/api/agenda/eventos', { tipo: 'reuniao', titulo: 'Reunião de abertura', inicio: iso('2026-01-09'), fim: iso('2026-01-09', 11), clienteId: cliente._id }, 'associado'))).id;
    // A mail in (filed under the client by its domain and under the registro by its protocol) and one out (by the address).
    const port = api.app.get(SmtpListener).address!.port;
    await createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({
      from: 'Joana <joana@construtoraipe.com.br>',
      to: 'master@veritas.com.br',
      subject: `Documentos do ${registro.numero}`,
      text: 'Seguem os documentos.',
    });
    ids.enviado = (await ok(api.post('/api/emails/send', { to: 'contato@construtoraipe.com.br', subject: 'Proposta de honorários', body: '<p>Olá</p>' }, 'master')))._id;
    ids.recebido = (await api.get('/api/emails/inbox', 'master')).body.data.find((m: any) => m.subject === `Documentos do ${registro.numero}`)._id;

    // Every line on a day of its own, so that the order is the test's, on either database.
    await set('registros', 'createdAt', at('2025-12-01'), alheio._id);
    await set('registro_exigencias', 'createdAt', at('2025-12-02'), ids.exigenciaAlheia);
    await set('registros', 'createdAt', at('2026-01-01'), registro._id);
    const historico: { id: string; evento: string }[] = await db.query("SELECT id, evento FROM registro_historico WHERE registroId = ? AND evento IN ('etapa', 'status') ORDER BY ordem", [registro._id]);
    expect(historico.map((h) => h.evento).sort()).toEqual(['etapa', 'status']);
    for (const h of historico) await set('registro_historico', 'createdAt', at('2026-01-02', h.evento === 'etapa' ? 10 : 11), h.id);
    ids.etapa = historico.find((h) => h.evento === 'etapa')!.id;
    ids.status = historico.find((h) => h.evento === 'status')!.id;
    await set('registro_exigencias', 'createdAt', at('2026-01-03'), ids.exigencia);
    await db.query('UPDATE registro_checklist SET enviadoEm = ?, avaliadoEm = ? WHERE id = ?', [at('2026-01-04'), at('2026-01-05'), ids.item]);
    await set('documentos', 'createdAt', at('2026-01-04', 12), ids.arquivo);
    await set('documentos', 'createdAt', at('2026-01-06'), ids.documento);
    await set('cobrancas', 'createdAt', at('2026-01-07'), ids.cobranca);
    await set('cobranca_pagamentos', 'createdAt', at('2026-01-08'), ids.pagamento);
    await set('mail_messages', 'date', at('2026-01-10'), ids.recebido);
    await set('mail_messages', 'date', at('2026-01-11'), ids.enviado);
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  it('lists every kind newest first, each line with its sentence, registro and the path that opens it', async () => {
    const r = await linhas('master');
    expect(r.status).toBe(200);
    const num = registro.numero;
    const reg = `/painel/registros/${registro._id}`;
    const docs = (filter: object) => `/painel/documentos?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;
    expect(r.body.data.map((l: any) => [l._id, l.tipo, l.data, l.titulo, l.protocolo, l.link])).toEqual([
      [`email:${ids.enviado}`, 'email', iso('2026-01-11'), 'E-mail enviado: Proposta de honorários', null, mailboxMessagePath(ids.enviado, 'sent')],
      [`email:${ids.recebido}`, 'email', iso('2026-01-10'), `E-mail recebido de Joana: Documentos do ${num}`, num, mailboxMessagePath(ids.recebido, 'inbox')],
      [`agenda:${ids.evento}`, 'agenda', iso('2026-01-09'), 'Compromisso: Reunião de abertura', null, `/painel/agenda?evento=${ids.evento}`],
      [`pagamento:${ids.pagamento}`, 'pagamento', iso('2026-01-08'), `Pagamento de R$\u00a0150,00 recebido em ${formatDay(todayInSaoPaulo())} (PIX)`, null, `/painel/financas/${ids.cobranca}/show`],
      [`cobranca:${ids.cobranca}`, 'cobranca', iso('2026-01-07'), expect.stringMatching(/^Cobrança de R\$\u00a0150,00 com vencimento em \d\d\/\d\d\/\d{4}$/), null, `/painel/financas/${ids.cobranca}/show`],
      [`documento:${ids.documento}`, 'documento', iso('2026-01-06'), `Documento "Contrato social" enviado por ${staff.master.nomeCompleto}`, null, docs({ clienteId: cliente._id })],
      [`checklist:${ids.item}:avaliado`, 'checklist', iso('2026-01-05'), `Documento "Procuração" aceito no registro ${num}`, num, reg],
      [`documento:${ids.arquivo}`, 'documento', iso('2026-01-04', 12), `Documento "Procuração" enviado pelo cliente (registro ${num})`, num, docs({ clienteId: cliente._id, registroId: registro._id })],
      [`checklist:${ids.item}:enviado`, 'checklist', iso('2026-01-04'), `Documento "Procuração" enviado para o registro ${num}`, num, reg],
      [`exigencia:${ids.exigencia}`, 'exigencia', iso('2026-01-03'), expect.stringMatching(new RegExp(`^Exigência no registro ${num}: Falta o contrato assinado \\(prazo \\d\\d/\\d\\d/\\d{4}\\)$`)), num, reg],
      [`registro:${ids.status}:status`, 'registro', iso('2026-01-02', 11), `Registro ${num} mudou de Pendente para Em andamento`, num, reg],
      [`etapa:${ids.etapa}`, 'etapa', iso('2026-01-02'), expect.stringMatching(new RegExp(`^Registro ${num}, etapa .+: Em andamento$`)), num, reg],
      [`registro:${registro._id}`, 'registro', iso('2026-01-01'), `Registro ${num} aberto: ${registro.tipo}`, num, reg],
      [`exigencia:${ids.exigenciaAlheia}`, 'exigencia', iso('2025-12-02'), expect.stringContaining(`Exigência no registro ${alheio.numero}: Assinatura do sócio`), alheio.numero, `/painel/registros/${alheio._id}`],
      [`registro:${alheio._id}`, 'registro', iso('2025-12-01'), `Registro ${alheio.numero} aberto: ${alheio.tipo}`, alheio.numero, `/painel/registros/${alheio._id}`],
    ]);
    expect(r.body.total).toBe(15);
    expect(r.headers.get('content-range')).toBe('linha-do-tempo 0-14/15');
    expect(r.body.data[1]).toMatchObject({ tipoLabel: 'E-mail', registroId: registro._id });
    expect(r.body.data[3]).toMatchObject({ tipoLabel: 'Pagamento', registroId: null });
    // Ascending, on request: the same lines the other way round.
    const asc = await linhas('master', q({ sort: ['data', 'ASC'] }));
    expect(asc.body.data.map((l: any) => l._id)).toEqual(r.body.data.map((l: any) => l._id).reverse());
  });

  it('filters by kind (one or several) and by registro, and pages in SQL with the total', async () => {
    const all = (await linhas('master')).body.data.map((l: any) => l._id);
    const tipos = async (query: string) => (await linhas('master', query)).body.data.map((l: any) => l.tipo);
    expect(await tipos(q({ filter: { tipo: 'exigencia' } }))).toEqual(['exigencia', 'exigencia']);
    expect(await tipos(q({ filter: { tipo: ['cobranca', 'pagamento'] } }))).toEqual(['pagamento', 'cobranca']);
    const doRegistro = await linhas('master', q({ filter: { registroId: registro._id } }));
    expect(doRegistro.body.data.every((l: any) => l.registroId === registro._id)).toBe(true);
    expect(doRegistro.body.data.map((l: any) => l.tipo)).toEqual(['email', 'checklist', 'documento', 'checklist', 'exigencia', 'registro', 'etapa', 'registro']);
    expect(doRegistro.body.total).toBe(8);
    const ambos = await linhas('master', q({ filter: { registroId: registro._id, tipo: ['registro', 'email'] } }));
    expect(ambos.body.data.map((l: any) => l._id)).toEqual([`email:${ids.recebido}`, `registro:${ids.status}:status`, `registro:${registro._id}`]);
    // Another client's registro, or one that does not exist: nothing.
    expect((await linhas('master', q({ filter: { registroId: NO_ID } }))).body).toEqual({ data: [], total: 0 });

    const page = await linhas('master', q({ range: [2, 4] }));
    expect(page.body.data.map((l: any) => l._id)).toEqual(all.slice(2, 5));
    expect(page.body.total).toBe(15);
    expect(page.headers.get('content-range')).toBe('linha-do-tempo 2-4/15');
    const last = await linhas('master', q({ range: [12, 24] }));
    expect(last.body.data.map((l: any) => l._id)).toEqual(all.slice(12));
    // The largest safe offset: an empty page, not an error.
    const far = await linhas('master', q({ range: [Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER] }));
    expect([far.status, far.body]).toEqual([200, { data: [], total: 15 }]);
    const filtrada = await linhas('master', q({ filter: { tipo: ['registro', 'exigencia'] }, range: [1, 2] }));
    expect(filtrada.body.data.map((l: any) => l._id)).toEqual([`registro:${ids.status}:status`, `registro:${registro._id}`]);
    expect(filtrada.headers.get('content-range')).toBe('linha-do-tempo 1-2/5');
  });

  it('shows each reader what it may see: an associado no colleague’s registro, Finanças the money, mail only one’s own', async () => {
    const assoc = (await linhas('associado')).body;
    expect(assoc.data.some((l: any) => l.registroId === alheio._id)).toBe(false);
    expect(JSON.stringify(assoc)).not.toContain(alheio.numero);
    expect(assoc.data.map((l: any) => l.tipo)).toEqual(['agenda', 'documento', 'checklist', 'documento', 'checklist', 'exigencia', 'registro', 'etapa', 'registro']);
    expect(assoc.total).toBe(9);
    // Its registros open in Meus Registros.
    expect(assoc.data.find((l: any) => l.tipo === 'registro').link).toBe(`/painel/meu-registros/${registro._id}`);
    // Filtering by the colleague's registro finds nothing.
    expect((await linhas('associado', q({ filter: { registroId: alheio._id } }))).body).toEqual({ data: [], total: 0 });
    // The colleague sees its own registro's lines, not the appointment it neither made nor takes part in.
    const colega = (await linhas('associado2')).body.data;
    expect(colega.some((l: any) => l.registroId === alheio._id)).toBe(true);
    expect(colega.some((l: any) => l.tipo === 'agenda' || l.tipo === 'cobranca' || l.tipo === 'email')).toBe(false);
    // Finanças: the charge and its payment, every registro, no one else's mail.
    const fin = (await linhas('financeiro')).body.data.map((l: any) => l.tipo);
    expect(fin).toEqual(expect.arrayContaining(['pagamento', 'cobranca']));
    expect(fin).not.toContain('email');
    expect(fin).not.toContain('agenda');
    expect((await linhas('suporte')).body.data.map((l: any) => l.tipo)).not.toContain('cobranca');
    expect((await linhas('suporte', q({ filter: { tipo: 'pagamento' } }))).body).toEqual({ data: [], total: 0 });
  });

  it('lists the portal conversation’s messages (ADR 0057), each reader only those of registros it sees', async () => {
    const cliente1 = await ok(api.post(`/api/registros/${registro._id}/mensagens`, { texto: 'Segue a procuração assinada.' }, 'clienteA'));
    const resposta = await ok(api.post(`/api/registros/${registro._id}/mensagens`, { texto: 'Recebida, obrigado.' }, 'master'));
    const daColega = await ok(api.post(`/api/registros/${alheio._id}/mensagens`, { texto: 'Sobre a assinatura do sócio.' }, 'clienteA'));
    await set('registro_mensagens', 'createdAt', at('2026-02-01'), cliente1._id);
    await set('registro_mensagens', 'createdAt', at('2026-02-02'), resposta._id);
    await set('registro_mensagens', 'createdAt', at('2026-02-03'), daColega._id);
    const r = await linhas('master', q({ filter: { tipo: 'mensagem' } }));
    expect(r.status).toBe(200);
    expect(r.body.data.map((l: any) => [l._id, l.titulo, l.protocolo, l.link])).toEqual([
      [`mensagem:${daColega._id}`, `Mensagem do cliente no registro ${alheio.numero}: Sobre a assinatura do sócio.`, alheio.numero, `/painel/registros/${alheio._id}`],
      [`mensagem:${resposta._id}`, `Mensagem de ${resposta.autorNome} no registro ${registro.numero}: Recebida, obrigado.`, registro.numero, `/painel/registros/${registro._id}`],
      [`mensagem:${cliente1._id}`, `Mensagem do cliente no registro ${registro.numero}: Segue a procuração assinada.`, registro.numero, `/painel/registros/${registro._id}`],
    ]);
    const assoc = await linhas('associado', q({ filter: { tipo: 'mensagem' } }));
    expect(assoc.body.data.map((l: any) => l._id)).toEqual([`mensagem:${resposta._id}`, `mensagem:${cliente1._id}`]);
    expect(assoc.body.total).toBe(2);
  });

  it('answers 403 to a client, 404 to an unknown client and 400 to a bad filter, in Portuguese', async () => {
    expect((await linhas('clienteA')).status).toBe(403);
    expect((await linhas('clienteB')).status).toBe(403);
    const none = await api.get(`/api/clientes/${NO_ID}/linha-do-tempo`, 'master');
    expect([none.status, none.body.message]).toEqual([404, 'Cliente não encontrado.']);
    expect((await api.get('/api/clientes/nao-e-id/linha-do-tempo', 'master')).status).toBe(404);
    for (const query of [q({ filter: { tipo: 'recado' } }), q({ filter: { tipo: ['email', 5] } }), q({ filter: { registroId: 'x' } }), q({ filter: { outro: 1 } }), q({ sort: ['titulo', 'ASC'] }), '?range=x']) {
      const r = await linhas('master', query);
      expect([query, r.status]).toEqual([query, 400]);
      expect(r.body.message).toMatch(/inválid|desconhecido|Não é possível ordenar/);
    }
  });
});

function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
