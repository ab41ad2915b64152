import { todayInSaoPaulo } from '@veritas/common';
import { clienteFixture, MASTER_PASSWORD } from '../support/api';
import {
  ausenciaBody,
  contatoBody,
  created,
  feriadoBody,
  formOf,
  isClient,
  isStaff,
  newCliente,
  newCobranca,
  newContato,
  newCorrecao,
  newDraft,
  newDraftWithPdf,
  newEvento,
  newExigencia,
  newFeriado,
  newAviso,
  newNovidade,
  newRegistro,
  newTipo,
  newUser,
  newUserBody,
  ofClienteA,
  ofxFile,
  REUNIAO,
  rowOf,
  rowsOf,
  unique,
  type Real,
} from './access-matrix-fixtures';
import { REAL_MORE } from './access-matrix-real-more';
import { REAL_MEMBROS } from './access-matrix-real-membros';

/**
 * The authorisation matrix on real records (issue 55): for the routes listed here, each cell calls
 * with ids that exist and a body that passes validation, so a refusal proves the guard and a pass
 * reaches the service. A call that changes or removes a record gets a fresh one per caller (made by
 * the board, before the call); a refused call must leave its record as it was (`row` is read before
 * and after). Every route with a path parameter or a body is here (authorization.e2e-spec.ts checks);
 * the others keep the matrix's own url.
 */
/** A valid relay for Configurações → E-mail de saída (the suite's SMTP_URL wins over it). */
const RELAY = { host: 'relay.exemplo.com.br', porta: 587, seguranca: 'starttls', usuario: 'matriz', senha: 'Senha!Relay1' };

export const REAL: Record<string, Real> = {
  // Users (the board).
  'GET /api/users/:id': async (c) => ({ url: `/api/users/${c.fx.user}` }),
  'POST /api/users': async () => ({ url: '/api/users', body: newUserBody() }),
  'POST /api/auth/register': async () => ({ url: '/api/auth/register', body: newUserBody() }),
  'PUT /api/users/:id': async (c) => {
    const id = await newUser(c);
    return { url: `/api/users/${id}`, body: { nomeCompleto: 'Nome Alterado pela Matriz' }, row: rowOf(c, 'users', id) };
  },
  'DELETE /api/users/:id': async (c) => {
    const id = await newUser(c);
    return { url: `/api/users/${id}`, row: rowOf(c, 'users', id) };
  },
  // Issue 53: the board sends a staff member a reset link: access-matrix-real-more.ts (it needs a confirmed recovery e-mail).
  // Each staff member's own recovery e-mail, on a fresh address (the hourly limit is per address).
  'PUT /api/auth/recuperacao': async () => ({ url: '/api/auth/recuperacao', body: { email: `${unique('rec.')}@exemplo.com.br` } }),

  // Clients (staff read, workers edit, the master deletes) and client types (the board).
  'GET /api/clientes/:id': async (c) => ({ url: `/api/clientes/${c.fx.cliente}` }),
  'GET /api/clientes/:id/linha-do-tempo': async (c) => ({ url: `/api/clientes/${c.fx.cliente}/linha-do-tempo` }),
  'POST /api/clientes': async () => ({ url: '/api/clientes', body: { ...clienteFixture(), status: 'ativo' } }),
  'PUT /api/clientes/:id': async (c) => {
    const id = await newCliente(c);
    return { url: `/api/clientes/${id}`, body: { nomeFantasia: 'Nome Alterado pela Matriz' }, row: rowOf(c, 'clientes', id) };
  },
  'DELETE /api/clientes/:id': async (c) => {
    const id = await newCliente(c);
    return { url: `/api/clientes/${id}`, row: rowOf(c, 'clientes', id) };
  },
  'POST /api/clientes/:id/enviar-redefinicao-senha': async (c) => {
    const id = await newCliente(c);
    return { url: `/api/clientes/${id}/enviar-redefinicao-senha`, row: rowOf(c, 'clientes', id) };
  },
  'GET /api/tipos-cliente/:id': async (c) => ({ url: `/api/tipos-cliente/${c.fx.tipo}` }),
  'POST /api/tipos-cliente': async () => ({ url: '/api/tipos-cliente', body: { nome: unique('Tipo '), servicos: [{ nome: 'Abertura', valor: 100 }] } }),
  'PUT /api/tipos-cliente/:id': async (c) => {
    const id = await newTipo(c);
    return { url: `/api/tipos-cliente/${id}`, body: { nome: unique('Tipo Alterado ') }, row: rowOf(c, 'tipos_cliente', id) };
  },
  'PUT /api/tipos-cliente/:id/toggle-status': async (c) => {
    const id = await newTipo(c);
    return { url: `/api/tipos-cliente/${id}/toggle-status`, row: rowOf(c, 'tipos_cliente', id) };
  },
  'DELETE /api/tipos-cliente/:id': async (c) => {
    const id = await newTipo(c);
    return { url: `/api/tipos-cliente/${id}`, row: rowOf(c, 'tipos_cliente', id) };
  },
  // The firm's own holidays (the board).
  'POST /api/calendario/feriados': async () => ({ url: '/api/calendario/feriados', body: feriadoBody() }),
  'DELETE /api/calendario/feriados/:id': async (c) => {
    const id = await newFeriado(c);
    return { url: `/api/calendario/feriados/${id}`, row: rowOf(c, 'feriados', id) };
  },

  // Registros: client A's, unassigned (every worker sees it); a fresh one for each change.
  'GET /api/registros/:id': async (c, who) => ({ url: `/api/registros/${c.fx.registro}`, ...ofClienteA(who, 'Registro não encontrado.') }),
  'GET /api/registros/cliente/:id': async (c, who) => ({ url: `/api/registros/cliente/${c.ids.clienteA}`, ...ofClienteA(who, 'Cliente não encontrado.') }),
  'POST /api/registros': async (c, who) => ({
    url: '/api/registros',
    body: { ...(isClient(who) ? {} : { clienteId: c.ids.clienteA }), servico: 'certidao-simplificada', descricao: unique('Pedido da matriz ') },
  }),
  'PUT /api/registros/:id/status': async (c, who) => {
    // An associado moves the status of its own registros only.
    const id = await newRegistro(c, who === 'associado' ? 'associado' : undefined);
    return { url: `/api/registros/${id}/status`, body: { status: isClient(who) ? 'cancelado' : 'andamento' }, row: rowOf(c, 'registros', id), ...ofClienteA(who, 'Registro não encontrado.') };
  },
  'PUT /api/registros/:id/responsavel': async (c) => {
    const id = await newRegistro(c);
    return { url: `/api/registros/${id}/responsavel`, body: { responsavelId: c.ids.associado }, row: rowOf(c, 'registros', id) };
  },

  // The bell (issue 53): a fresh unread notice of the staff caller's own (always one's own), else the
  // master's; the others are refused and leave it as it was.
  'POST /api/avisos/:id/lido': async (c, who) => {
    const id = await newAviso(c, c.ids[isStaff(who) ? who : 'master']);
    return { url: `/api/avisos/${id}/lido`, row: rowOf(c, 'usuario_avisos', id) };
  },

  // Finanças (Financeiro and the board; client A reaches its own charge's PIX and receipt, client B gets 404).
  'GET /api/cobrancas/:id': async (c) => ({ url: `/api/cobrancas/${c.fx.cobranca}` }),
  'POST /api/cobrancas': async (c) => ({ url: '/api/cobrancas', body: { clienteId: c.ids.clienteA, linhas: [{ descricao: 'Taxa da Junta', tipo: 'taxa', valor: 80 }] } }),
  'PUT /api/cobrancas/:id': async (c) => {
    const id = await newCobranca(c);
    return { url: `/api/cobrancas/${id}`, body: { vencimento: '2041-01-15' }, row: rowOf(c, 'cobrancas', id) };
  },
  'PUT /api/cobrancas/:id/cancelar': async (c) => {
    const id = await newCobranca(c);
    return { url: `/api/cobrancas/${id}/cancelar`, body: { motivo: 'Serviço não prestado.' }, row: rowOf(c, 'cobrancas', id) };
  },
  'POST /api/cobrancas/:id/pagamentos': async (c) => {
    const id = await newCobranca(c);
    return { url: `/api/cobrancas/${id}/pagamentos`, body: { valor: 10, forma: 'dinheiro' }, row: rowOf(c, 'cobrancas', id) };
  },
  'GET /api/cobrancas/:id/pix': async (c, who) => ({ url: `/api/cobrancas/${c.fx.cobranca}/pix`, ...ofClienteA(who, 'Cobrança não encontrada.') }),
  'GET /api/cobrancas/:id/pagamentos/:pid/recibo': async (c, who) => ({ url: `/api/cobrancas/${c.fx.cobranca}/pagamentos/${c.fx.pagamento}/recibo`, ...ofClienteA(who, 'Cobrança não encontrada.') }),

  // Agenda: an event of the caller's own (the board edits anyone's); refused callers aim at the master's.
  'POST /api/agenda/eventos': async () => ({ url: '/api/agenda/eventos', body: { ...REUNIAO, titulo: unique('Reunião ') } }),
  'GET /api/agenda/eventos/:id': async (c, who) => ({ url: `/api/agenda/eventos/${await newEvento(c, who)}` }),
  'PUT /api/agenda/eventos/:id': async (c, who) => {
    const id = await newEvento(c, who);
    return { url: `/api/agenda/eventos/${id}`, body: { ...REUNIAO, titulo: 'Reunião remarcada pela matriz' }, row: rowOf(c, 'agenda_eventos', id) };
  },
  'DELETE /api/agenda/eventos/:id': async (c, who) => {
    const id = await newEvento(c, who);
    return { url: `/api/agenda/eventos/${id}`, row: rowOf(c, 'agenda_eventos', id) };
  },

  // The mailbox: a draft of the caller's own; refused callers aim at the master's.
  'POST /api/emails/drafts': async () => ({ url: '/api/emails/drafts', body: { subject: unique('Rascunho ') } }),
  'GET /api/emails/message/:id': async (c, who) => ({ url: `/api/emails/message/${await newDraft(c, who)}` }),
  'PUT /api/emails/drafts/:id': async (c, who) => {
    const id = await newDraft(c, who);
    return { url: `/api/emails/drafts/${id}`, body: { subject: 'Assunto alterado pela matriz' }, row: rowOf(c, 'mail_messages', id) };
  },
  'PUT /api/emails/:id/read': async (c, who) => {
    const id = await newDraft(c, who);
    return { url: `/api/emails/${id}/read`, body: { read: false }, row: rowOf(c, 'mail_messages', id) };
  },
  'PUT /api/emails/:id/star': async (c, who) => {
    const id = await newDraft(c, who);
    return { url: `/api/emails/${id}/star`, body: { starred: true }, row: rowOf(c, 'mail_messages', id) };
  },
  'PUT /api/emails/:id/important': async (c, who) => {
    const id = await newDraft(c, who);
    return { url: `/api/emails/${id}/important`, body: { important: true }, row: rowOf(c, 'mail_messages', id) };
  },
  'PUT /api/emails/:id/folder': async (c, who) => {
    const id = await newDraft(c, who);
    return { url: `/api/emails/${id}/folder`, body: { folder: 'trash' }, row: rowOf(c, 'mail_messages', id) };
  },
  'DELETE /api/emails/:id': async (c, who) => {
    const id = await newDraft(c, who);
    return { url: `/api/emails/${id}`, row: rowOf(c, 'mail_messages', id) };
  },
  'POST /api/emails/:id/restore': async (c, who) => {
    const id = await newDraft(c, who);
    // In the Lixeira first (by its owner), so restoring it is the change.
    const owner = isStaff(who) ? who : 'master';
    const moved = await c.api.put(`/api/emails/${id}/folder`, { folder: 'trash' }, owner);
    if (moved.status !== 200) throw new Error(`fixture lixeira: ${moved.status} ${JSON.stringify(moved.body)}`);
    return { url: `/api/emails/${id}/restore`, row: rowOf(c, 'mail_messages', id) };
  },

  // Documents: client A's on its registro (client B: 404); deleting one: access-matrix-real-more.ts.
  'GET /api/documentos/:id': async (c, who) => ({ url: `/api/documentos/${c.fx.documento}`, ...ofClienteA(who, 'Documento não encontrado.') }),
  'GET /api/documentos/:id/download': async (c, who) => ({ url: `/api/documentos/${c.fx.documento}/download`, ...ofClienteA(who, 'Documento não encontrado.') }),

  // Equipe: a person's own absences (the board reads anyone's); the board records and removes them.
  'GET /api/equipe/:userId/ausencias': async (c, who) => ({ url: `/api/equipe/${isStaff(who) ? c.ids[who] : c.ids.associado}/ausencias` }),
  'POST /api/equipe/:userId/ausencias': async (c) => ({ url: `/api/equipe/${c.ids.associado2}/ausencias`, body: ausenciaBody() }),
  'DELETE /api/equipe/:userId/ausencias/:id': async (c) => {
    const id = await created(c, `/api/equipe/${c.ids.associado2}/ausencias`, ausenciaBody());
    return { url: `/api/equipe/${c.ids.associado2}/ausencias/${id}`, row: rowOf(c, 'equipe_ausencias', id) };
  },

  // The public site's messages.
  'POST /api/contato': async () => ({ url: '/api/contato', body: contatoBody() }),
  'GET /api/contato/:id': async (c) => ({ url: `/api/contato/${c.fx.contato}` }),
  'PUT /api/contato/:id': async (c) => {
    const id = await newContato(c);
    return { url: `/api/contato/${id}`, body: { tratada: true }, row: rowOf(c, 'contato_mensagens', id) };
  },
  'POST /api/contato/:id/resposta': async (c) => {
    const id = await newContato(c);
    return { url: `/api/contato/${id}/resposta`, body: { mensagem: 'Olá! Podemos ajudar, sim.' }, row: rowOf(c, 'contato_mensagens', id) };
  },

  // Exigências: read on client A's registro (client B: 404); written by workers on registros they work.
  'GET /api/registros/:id/exigencias': async (c, who) => ({ url: `/api/registros/${c.fx.registro}/exigencias`, ...ofClienteA(who, 'Registro não encontrado.') }),
  'POST /api/registros/:id/exigencias': async (c, who) => {
    const registro = await newRegistro(c, who === 'associado' ? 'associado' : undefined);
    return { url: `/api/registros/${registro}/exigencias`, body: { descricao: 'Falta o contrato assinado', notificadaEm: todayInSaoPaulo() } };
  },
  'PUT /api/registros/:id/exigencias/:eid': async (c, who) => {
    const [registro, id] = await newExigencia(c, who);
    return { url: `/api/registros/${registro}/exigencias/${id}`, body: { status: 'cumprida' }, row: rowOf(c, 'registro_exigencias', id) };
  },

  // Reports (a money report: the board and Financeiro), Juntas, templates and checklists by a real service.
  'GET /api/relatorios/:nome': async () => ({ url: '/api/relatorios/recebimentos-por-servico' }),
  'GET /api/juntas/:uf/feriados': async () => ({ url: '/api/juntas/SP/feriados' }),
  'GET /api/processos/modelos/:servico': async () => ({ url: '/api/processos/modelos/certidao-simplificada' }),
  'GET /api/processos/checklists/:servico': async () => ({ url: '/api/processos/checklists/certidao-simplificada' }),
  'GET /api/registros/:id/checklist': async (c, who) => ({ url: `/api/registros/${c.fx.registro}/checklist`, ...ofClienteA(who, 'Registro não encontrado.') }),

  // The client's LGPD rights (its own data) and the board's "Solicitações de titulares".
  'PUT /api/clientes/me/contato': async (c, who) => ({ url: '/api/clientes/me/contato', body: { telefone: '(11) 3333-5555' }, row: rowOf(c, 'clientes', isClient(who) ? c.ids[who] : c.ids.clienteA) }),
  'PUT /api/clientes/me/notificacoes': async (c, who) => ({ url: '/api/clientes/me/notificacoes', body: { agenda: true }, row: rowsOf(c, 'cliente_notificacoes', 'clienteId', isClient(who) ? c.ids[who] : c.ids.clienteA) }),
  'POST /api/clientes/me/novidades/lidas': async (c, who) => {
    const clienteId = isClient(who) ? c.ids[who] : c.ids.clienteA;
    await newNovidade(c, clienteId);
    return { url: '/api/clientes/me/novidades/lidas', row: rowsOf(c, 'cliente_novidades', 'clienteId', clienteId) };
  },
  'POST /api/clientes/me/novidades/:id/lida': async (c, who) => {
    const id = await newNovidade(c, isClient(who) ? c.ids[who] : c.ids.clienteA);
    return { url: `/api/clientes/me/novidades/${id}/lida`, row: rowOf(c, 'cliente_novidades', id) };
  },
  'POST /api/clientes/me/correcao': async () => ({ url: '/api/clientes/me/correcao', body: { razaoSocial: unique('Razão Nova '), motivo: 'Alteração contratual registrada.' } }),
  'GET /api/solicitacoes-titulares/:id': async (c) => ({ url: `/api/solicitacoes-titulares/${c.fx.solicitacao}` }),
  'POST /api/solicitacoes-titulares/:id/aprovar': async (c) => {
    const id = await newCorrecao(c);
    return { url: `/api/solicitacoes-titulares/${id}/aprovar`, body: { resposta: 'Corrigido.' }, row: rowOf(c, 'solicitacoes_titulares', id) };
  },
  'POST /api/solicitacoes-titulares/:id/recusar': async (c) => {
    const id = await newCorrecao(c);
    return { url: `/api/solicitacoes-titulares/${id}/recusar`, body: { resposta: 'O documento enviado não comprova a mudança.' }, row: rowOf(c, 'solicitacoes_titulares', id) };
  },

  // A registro's Junta, stages and checklist: a fresh registro per caller (its own, for an associado).
  'PUT /api/registros/:id/junta': async (c, who) => {
    const id = await newRegistro(c, who === 'associado' ? 'associado' : undefined);
    return { url: `/api/registros/${id}/junta`, body: { uf: 'MG' }, row: rowOf(c, 'registros', id) };
  },
  'PUT /api/registros/:id/etapas/:etapaId': async (c, who) => {
    const id = await newRegistro(c, who === 'associado' ? 'associado' : undefined);
    const etapa = (await c.api.get(`/api/registros/${id}`, 'master')).body.data.etapas.find((e: { ordem: number }) => e.ordem === 1);
    return { url: `/api/registros/${id}/etapas/${etapa._id}`, body: { status: 'andamento' }, row: rowOf(c, 'registro_etapas', etapa._id) };
  },
  'POST /api/registros/:id/checklist': async (c, who) => {
    const id = await newRegistro(c, who === 'associado' ? 'associado' : undefined);
    return { url: `/api/registros/${id}/checklist`, body: { nome: 'Procuração', obrigatorio: false } };
  },
  'PUT /api/registros/:id/checklist/:itemId': async (c, who) => {
    const id = await newRegistro(c, who === 'associado' ? 'associado' : undefined);
    const item = await created(c, `/api/registros/${id}/checklist`, { nome: unique('Comprovante '), obrigatorio: false });
    // Its file sent (by the board), so there is something to evaluate.
    const sent = await fetch(`${c.api.baseUrl}/api/registros/${id}/checklist/${item}/arquivo`, { method: 'POST', headers: { authorization: `Bearer ${c.api.token.master}` }, body: formOf({})() });
    if (sent.status !== 201) throw new Error(`fixture arquivo do checklist: ${sent.status} ${await sent.text()}`);
    return { url: `/api/registros/${id}/checklist/${item}`, body: { status: 'recusado', motivo: 'O documento está ilegível.' }, row: rowOf(c, 'registro_checklist', item) };
  },

  // Sign-ins and the public registration with valid bodies (public: every caller passes the guard).
  'POST /api/auth/login': async () => ({ url: '/api/auth/login', body: { email: 'master@veritas.com.br', password: MASTER_PASSWORD } }),
  'POST /api/clientes/register': async () => ({ url: '/api/clientes/register', body: clienteFixture() }),
  // Mail to a colleague (the relay is the suite's SMTP sink).
  'POST /api/emails/send': async () => ({ url: '/api/emails/send', body: { to: 'assoc.carla@veritas.com.br', subject: unique('Mensagem da matriz '), body: '<p>Olá</p>' } }),
  // The board's templates, sent back as they are (valid, and nothing else in the suite changes).
  'PUT /api/processos/modelos/:servico': async (c) => {
    const { etapas } = (await c.api.get('/api/processos/modelos/certidao-simplificada', 'master')).body.data;
    return { url: '/api/processos/modelos/certidao-simplificada', body: { etapas }, row: rowsOf(c, 'processo_modelos', 'servico', 'certidao-simplificada') };
  },
  'PUT /api/processos/checklists/:servico': async (c) => {
    const { itens } = (await c.api.get('/api/processos/checklists/certidao-simplificada', 'master')).body.data;
    return { url: '/api/processos/checklists/certidao-simplificada', body: { itens }, row: rowsOf(c, 'checklist_modelos', 'servico', 'certidao-simplificada') };
  },
  // Reassigning a fresh associado's open registro to the colleague (the board).
  'POST /api/registros/reatribuir': async (c) => {
    const de = await newUser(c);
    const registro = await created(c, '/api/registros', { clienteId: c.ids.clienteA, servico: 'certidao-simplificada', descricao: unique('A reatribuir '), responsavelId: de });
    return { url: '/api/registros/reatribuir', body: { de, para: c.ids.associado2 }, row: rowOf(c, 'registros', registro) };
  },
  // Running a job by hand (the master): the checkpoint of the audit chain, harmless.
  'POST /api/tarefas/:nome/executar': async () => ({ url: '/api/tarefas/AuditoriaPontoDeControle/executar' }),

  // Client A's ready export (client B: 404).
  'GET /api/clientes/me/exportacao/:id': async (c, who) => ({ url: `/api/clientes/me/exportacao/${c.fx.exportacao}`, ...ofClienteA(who, 'Solicitação não encontrada.') }),
  'GET /api/clientes/me/exportacao/:id/arquivo': async (c, who) => ({ url: `/api/clientes/me/exportacao/${c.fx.exportacao}/arquivo`, ...ofClienteA(who, 'Solicitação não encontrada.') }),
  // A live calendar feed address (public: the token is the credential), renewed for each cell by a
  // person outside the matrix's callers, so the matrix's own renewals do not retire it.
  'GET /api/agenda/feed/:token.ics': async (c) => {
    const url: string = (await c.api.post('/api/agenda/feed/renovar', {}, 'associado2')).body.data.url;
    return { url: new URL(url).pathname };
  },

  // Uploads (multipart): a document (a client's own, or filed by staff under client A), a checklist
  // item's file on a fresh registro (its own, for an associado), a bank statement.
  'POST /api/documentos': async (c, who) => ({ url: '/api/documentos', form: formOf(isClient(who) ? {} : { clienteId: c.ids.clienteA }) }),
  'POST /api/registros/:id/checklist/:itemId/arquivo': async (c, who) => {
    const id = await newRegistro(c, who === 'associado' ? 'associado' : undefined);
    const item = await created(c, `/api/registros/${id}/checklist`, { nome: unique('Contrato social '), obrigatorio: false });
    return { url: `/api/registros/${id}/checklist/${item}/arquivo`, form: formOf({}), row: rowOf(c, 'registro_checklist', item), ...ofClienteA(who, 'Registro não encontrado.') };
  },
  // A mail attachment into a registro: a draft of the caller's own with a PDF (refused callers aim at the master's), a fresh registro (its own, for an associado).
  'POST /api/emails/message/:id/anexos/:indice/registro': async (c, who) => {
    const email = await newDraftWithPdf(c, who);
    const registro = await newRegistro(c, who === 'associado' ? 'associado' : undefined);
    return { url: `/api/emails/message/${email}/anexos/0/registro`, body: { registroId: registro }, row: rowsOf(c, 'documentos', 'registroId', registro) };
  },
  'GET /api/registros/:id/correspondencia': async (c) => ({ url: `/api/registros/${c.fx.registro}/correspondencia` }),
  // The conversation of client A's registro (client B: 404); a message on a fresh registro (its own, for an associado).
  'GET /api/registros/:id/mensagens': async (c, who) => ({ url: `/api/registros/${c.fx.registro}/mensagens`, ...ofClienteA(who, 'Registro não encontrado.') }),
  'POST /api/registros/:id/mensagens': async (c, who) => {
    const registro = await newRegistro(c, who === 'associado' ? 'associado' : undefined);
    return { url: `/api/registros/${registro}/mensagens`, body: { texto: unique('Mensagem da matriz ') }, row: rowsOf(c, 'registro_mensagens', 'registroId', registro), ...ofClienteA(who, 'Registro não encontrado.') };
  },
  'POST /api/registros/:id/mensagens/lidas': async (c, who) => ({ url: `/api/registros/${c.fx.registro}/mensagens/lidas`, ...ofClienteA(who, 'Registro não encontrado.') }),
  'POST /api/financas/extratos': async () => ({ url: '/api/financas/extratos', form: formOf({}, ofxFile()) }),
  'GET /api/financas/extratos/:id': async (c) => ({ url: `/api/financas/extratos/${c.fx.extrato}` }),
  // Configurações → E-mail de saída (issue 53): a valid relay (the suite's SMTP_URL wins over it), a
  // saved one to remove (saved by the master before each cell), a test e-mail through the suite's sink.
  'PUT /api/configuracoes/email-saida': async (c) => ({ url: '/api/configuracoes/email-saida', body: RELAY, row: rowOf(c, 'email_saida', 'relay') }),
  'DELETE /api/configuracoes/email-saida': async (c) => {
    const saved = await c.api.put('/api/configuracoes/email-saida', RELAY, 'master');
    if (saved.status !== 200) throw new Error(`fixture email-saida: ${saved.status} ${JSON.stringify(saved.body)}`);
    return { url: '/api/configuracoes/email-saida', row: rowOf(c, 'email_saida', 'relay') };
  },
  'POST /api/configuracoes/email-saida/teste': async () => ({ url: '/api/configuracoes/email-saida/teste', body: { para: 'teste.matriz@exemplo.com.br' } }),
  ...REAL_MORE,
  ...REAL_MEMBROS,
};
