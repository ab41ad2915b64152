/**
 * The authorisation matrix: every route of the API × every kind of caller. 'ok' means the guard
 * lets the caller through (any answer but 401/403); a number is the exact status expected. Every route
 * with a path parameter, a body or a query is called with existing records and valid bodies instead
 * (access-matrix-real.ts; a fresh record per caller where the call changes it; the suite fails for a
 * route without one): the url and body here only say that the route takes them. Written by
 * hand on purpose (packages/common/src/access.ts is the other copy): a change of who may do what
 * is made twice. Later issues add their routes here: a route missing from this table fails the suite.
 */
export type Who = 'anonymous' | 'clienteA' | 'clienteB' | 'associado' | 'financeiro' | 'suporte' | 'diretoria' | 'master';
export const WHO: readonly Who[] = ['anonymous', 'clienteA', 'clienteB', 'associado', 'financeiro', 'suporte', 'diretoria', 'master'];
export type Expect = 'ok' | 401 | 403;
export interface MatrixRow {
  method: string;
  path: string;
  /** The concrete URL to call (path parameters filled). */
  url?: string;
  body?: unknown;
  /** The call ends the caller's session(s): the cell signs the caller in afresh before and after it. */
  endsSession?: true;
  expect: Record<Who, Expect>;
}

export const NO_ID = '00000000-0000-4000-8000-000000000000';

/** Exactly these callers pass the guard; anonymous gets 401, everyone else 403. */
function only(...allowed: Who[]): Record<Who, Expect> {
  return Object.fromEntries(WHO.map((w) => [w, allowed.includes(w) ? 'ok' : w === 'anonymous' ? 401 : 403])) as Record<Who, Expect>;
}

const CLIENTS: Who[] = ['clienteA', 'clienteB'];
const BOARD: Who[] = ['diretoria', 'master'];
/** Staff who work registros and edit clients. */
const WORKERS: Who[] = ['associado', ...BOARD];
const STAFF: Who[] = ['associado', 'financeiro', 'suporte', ...BOARD];

const anyone: Record<Who, Expect> = Object.fromEntries(WHO.map((w) => [w, 'ok'])) as Record<Who, Expect>;
const staff = only(...STAFF);
const workers = only(...WORKERS);
const board = only(...BOARD);
const masterOnly = only('master');
const clienteOnly = only(...CLIENTS);
/** Staff and clients alike; the service narrows each to what it may see (404 otherwise). */
const signedIn = only(...CLIENTS, ...STAFF);
/** Clients (their own) and the staff who work registros. */
const clientsAndWorkers = only(...CLIENTS, ...WORKERS);
/** The public site's messages (/painel/mensagens): Suporte, associados (§2.10 menu) and the board. */
const contatoStaff = only('associado', 'suporte', ...BOARD);

export const MATRIX: MatrixRow[] = [
  { method: 'GET', path: '/api/health', expect: anyone },
  // Issue 15: load-balancer probes and the Prometheus metrics (public; the metrics check their own token, 404 without METRICS_TOKEN).
  { method: 'GET', path: '/api/health/live', expect: anyone },
  { method: 'GET', path: '/api/health/ready', expect: anyone },
  { method: 'GET', path: '/api/metrics', expect: anyone },
  { method: 'POST', path: '/api/auth/login', body: {}, expect: anyone },
  { method: 'GET', path: '/api/auth/me', expect: staff },
  // Issue 54: Sair and Sair de todos os dispositivos, for whoever is signed in.
  { method: 'POST', path: '/api/auth/logout', endsSession: true, expect: signedIn },
  { method: 'POST', path: '/api/auth/logout-todos', endsSession: true, expect: signedIn },
  { method: 'POST', path: '/api/auth/register', body: {}, expect: board },
  // Issue 53: a staff member's own recovery e-mail (Minha conta), its public confirmation link, and the board's reset link per user.
  { method: 'GET', path: '/api/auth/recuperacao', expect: staff },
  { method: 'PUT', path: '/api/auth/recuperacao', body: {}, expect: staff },
  { method: 'DELETE', path: '/api/auth/recuperacao', expect: staff },
  { method: 'POST', path: '/api/auth/recuperacao/confirmar', body: {}, expect: anyone },
  { method: 'POST', path: '/api/users/:id/enviar-redefinicao-senha', url: `/api/users/${NO_ID}/enviar-redefinicao-senha`, expect: board },
  { method: 'GET', path: '/api/users', expect: board },
  { method: 'GET', path: '/api/users/:id', url: `/api/users/${NO_ID}`, expect: board },
  { method: 'POST', path: '/api/users', body: {}, expect: board },
  { method: 'PUT', path: '/api/users/:id', url: `/api/users/${NO_ID}`, body: {}, expect: board },
  { method: 'DELETE', path: '/api/users/:id', url: `/api/users/${NO_ID}`, expect: board },
  { method: 'POST', path: '/api/clientes/register', body: {}, expect: anyone },
  { method: 'POST', path: '/api/clientes/register/fundador', body: {}, expect: anyone },
  { method: 'POST', path: '/api/clientes/login', body: {}, expect: anyone },
  { method: 'GET', path: '/api/clientes/me', expect: clienteOnly },
  // Issue 54 (ADR 0058): the company's members — every member reads them, the Responsável manages them (the capacity is
  // checked past the guard; the matrix's clients are their companies' Responsáveis); a member's own LGPD copy and erasure.
  { method: 'GET', path: '/api/clientes/me/membros', expect: clienteOnly },
  { method: 'POST', path: '/api/clientes/me/membros/convites', body: {}, expect: clienteOnly },
  { method: 'POST', path: '/api/clientes/me/membros/:id/convite/reenviar', url: `/api/clientes/me/membros/${NO_ID}/convite/reenviar`, expect: clienteOnly },
  { method: 'DELETE', path: '/api/clientes/me/membros/:id/convite', url: `/api/clientes/me/membros/${NO_ID}/convite`, expect: clienteOnly },
  { method: 'PATCH', path: '/api/clientes/me/membros/:id', url: `/api/clientes/me/membros/${NO_ID}`, body: {}, expect: clienteOnly },
  { method: 'DELETE', path: '/api/clientes/me/membros/:id', url: `/api/clientes/me/membros/${NO_ID}`, expect: clienteOnly },
  { method: 'GET', path: '/api/clientes/me/membro/dados', expect: clienteOnly },
  { method: 'POST', path: '/api/clientes/me/membro/eliminacao', expect: clienteOnly },
  // Staff: the members on the client's record (read by every staff member, managed by those who edit clients).
  { method: 'GET', path: '/api/clientes/:id/membros', url: `/api/clientes/${NO_ID}/membros`, expect: staff },
  { method: 'POST', path: '/api/clientes/:id/membros/convites', url: `/api/clientes/${NO_ID}/membros/convites`, body: {}, expect: workers },
  { method: 'POST', path: '/api/clientes/:id/membros/:mid/convite/reenviar', url: `/api/clientes/${NO_ID}/membros/${NO_ID}/convite/reenviar`, expect: workers },
  { method: 'DELETE', path: '/api/clientes/:id/membros/:mid/convite', url: `/api/clientes/${NO_ID}/membros/${NO_ID}/convite`, expect: workers },
  { method: 'PATCH', path: '/api/clientes/:id/membros/:mid', url: `/api/clientes/${NO_ID}/membros/${NO_ID}`, body: {}, expect: workers },
  { method: 'DELETE', path: '/api/clientes/:id/membros/:mid', url: `/api/clientes/${NO_ID}/membros/${NO_ID}`, expect: workers },
  // The invitation's page and its acceptance: public, the token is the credential (410 when spent or expired).
  { method: 'GET', path: '/api/convites/:token', url: '/api/convites/convite-inexistente', expect: anyone },
  { method: 'POST', path: '/api/convites/:token/aceitar', url: '/api/convites/convite-inexistente/aceitar', body: {}, expect: anyone },
  // Issue 4: the staff mailbox, one per staff member (unknown ids → 404, invalid bodies → 400: nothing is stored or sent).
  { method: 'GET', path: '/api/emails/usage', expect: staff },
  { method: 'GET', path: '/api/emails/message/:id', url: `/api/emails/message/${NO_ID}`, expect: staff },
  { method: 'GET', path: '/api/emails/attachment/:id', url: `/api/emails/attachment/${NO_ID}`, expect: staff },
  { method: 'GET', path: '/api/emails', expect: staff },
  { method: 'GET', path: '/api/emails/:folder', url: '/api/emails/inbox', expect: staff },
  { method: 'POST', path: '/api/emails/send', body: {}, expect: staff },
  { method: 'POST', path: '/api/emails/drafts', body: { subject: 1 }, expect: staff },
  { method: 'PUT', path: '/api/emails/drafts/:id', url: `/api/emails/drafts/${NO_ID}`, body: {}, expect: staff },
  { method: 'PUT', path: '/api/emails/:id/read', url: `/api/emails/${NO_ID}/read`, body: {}, expect: staff },
  { method: 'PUT', path: '/api/emails/:id/star', url: `/api/emails/${NO_ID}/star`, body: {}, expect: staff },
  { method: 'PUT', path: '/api/emails/:id/important', url: `/api/emails/${NO_ID}/important`, body: {}, expect: staff },
  { method: 'PUT', path: '/api/emails/:id/folder', url: `/api/emails/${NO_ID}/folder`, body: { folder: 'archive' }, expect: staff },
  { method: 'POST', path: '/api/emails/:id/restore', url: `/api/emails/${NO_ID}/restore`, expect: staff },
  { method: 'DELETE', path: '/api/emails/:id', url: `/api/emails/${NO_ID}`, expect: staff },
  // Issue 56: a message's client and registros, read and relinked by whoever may read the message.
  { method: 'GET', path: '/api/emails/message/:id/vinculos', url: `/api/emails/message/${NO_ID}/vinculos`, expect: staff },
  { method: 'PUT', path: '/api/emails/message/:id/vinculos', url: `/api/emails/message/${NO_ID}/vinculos`, body: { registroIds: [] }, expect: staff },
  // Issue 56 (ADR 0051): a mail attachment into a registro (who works registros, on their own mail), and a registro's mails.
  { method: 'POST', path: '/api/emails/message/:id/anexos/:indice/registro', url: `/api/emails/message/${NO_ID}/anexos/0/registro`, body: {}, expect: workers },
  { method: 'GET', path: '/api/registros/:id/correspondencia', url: `/api/registros/${NO_ID}/correspondencia`, expect: staff },
  // A registro's conversation (issue 56, ADR 0057): the client on its registros, staff on those they see; writing is a worker's.
  { method: 'GET', path: '/api/registros/:id/mensagens', url: `/api/registros/${NO_ID}/mensagens`, expect: signedIn },
  { method: 'POST', path: '/api/registros/:id/mensagens', url: `/api/registros/${NO_ID}/mensagens`, body: {}, expect: clientsAndWorkers },
  { method: 'POST', path: '/api/registros/:id/mensagens/lidas', url: `/api/registros/${NO_ID}/mensagens/lidas`, body: {}, expect: signedIn },
  // The staff's search of the conversations, beside the mailbox's (ADR 0057).
  { method: 'GET', path: '/api/mensagens', expect: staff },
  // Issue 3: clients (read by all staff, edited by those who work them), client types (prices: the board), lookups.
  { method: 'GET', path: '/api/clientes', expect: staff },
  { method: 'GET', path: '/api/clientes/exportar', expect: staff },
  { method: 'GET', path: '/api/clientes/:id', url: `/api/clientes/${NO_ID}`, expect: staff },
  // Issue 56 (ADR 0054): the client's timeline, for whoever reads the client's record.
  { method: 'GET', path: '/api/clientes/:id/linha-do-tempo', url: `/api/clientes/${NO_ID}/linha-do-tempo`, expect: staff },
  { method: 'GET', path: '/api/clientes/:id/cnpj-info', url: `/api/clientes/${NO_ID}/cnpj-info`, expect: staff },
  { method: 'POST', path: '/api/clientes', body: {}, expect: workers },
  { method: 'PUT', path: '/api/clientes/:id', url: `/api/clientes/${NO_ID}`, body: {}, expect: workers },
  { method: 'DELETE', path: '/api/clientes/:id', url: `/api/clientes/${NO_ID}`, expect: masterOnly },
  // Issue 9: anyone on the staff may send a client its password-reset link.
  { method: 'POST', path: '/api/clientes/:id/enviar-redefinicao-senha', url: `/api/clientes/${NO_ID}/enviar-redefinicao-senha`, expect: staff },
  { method: 'GET', path: '/api/tipos-cliente', expect: staff },
  { method: 'GET', path: '/api/tipos-cliente/:id', url: `/api/tipos-cliente/${NO_ID}`, expect: staff },
  { method: 'POST', path: '/api/tipos-cliente', body: {}, expect: board },
  { method: 'PUT', path: '/api/tipos-cliente/:id', url: `/api/tipos-cliente/${NO_ID}`, body: {}, expect: board },
  { method: 'PUT', path: '/api/tipos-cliente/:id/toggle-status', url: `/api/tipos-cliente/${NO_ID}/toggle-status`, expect: board },
  { method: 'DELETE', path: '/api/tipos-cliente/:id', url: `/api/tipos-cliente/${NO_ID}`, expect: masterOnly },
  { method: 'GET', path: '/api/lookup/cnpj/:cnpj', url: '/api/lookup/cnpj/123', expect: anyone },
  { method: 'GET', path: '/api/lookup/cep/:cep', url: '/api/lookup/cep/123', expect: anyone },
  { method: 'GET', path: '/api/dashboard', expect: staff },
  // Issue 6: registros (read by all staff within the record rule, worked by workers), documents, the calendar.
  { method: 'GET', path: '/api/registros', expect: staff },
  { method: 'GET', path: '/api/registros/exportar', expect: staff },
  { method: 'GET', path: '/api/registros/me', expect: clienteOnly },
  { method: 'GET', path: '/api/registros/servicos', expect: signedIn },
  { method: 'GET', path: '/api/registros/cliente/:id', url: `/api/registros/cliente/${NO_ID}`, expect: signedIn },
  { method: 'POST', path: '/api/registros', body: {}, expect: clientsAndWorkers },
  { method: 'GET', path: '/api/registros/:id', url: `/api/registros/${NO_ID}`, expect: signedIn },
  { method: 'PUT', path: '/api/registros/:id/status', url: `/api/registros/${NO_ID}/status`, body: {}, expect: clientsAndWorkers },
  { method: 'PUT', path: '/api/registros/:id/responsavel', url: `/api/registros/${NO_ID}/responsavel`, body: {}, expect: workers },
  { method: 'GET', path: '/api/documentos', expect: staff },
  { method: 'GET', path: '/api/documentos/exportar', expect: staff },
  { method: 'GET', path: '/api/documentos/me', expect: clienteOnly },
  { method: 'POST', path: '/api/documentos', body: {}, expect: clientsAndWorkers },
  { method: 'GET', path: '/api/documentos/:id', url: `/api/documentos/${NO_ID}`, expect: signedIn },
  { method: 'GET', path: '/api/documentos/:id/download', url: `/api/documentos/${NO_ID}/download`, expect: signedIn },
  // Who may delete which document is decided per record (canDeleteDocumento): uploader or board.
  { method: 'DELETE', path: '/api/documentos/:id', url: `/api/documentos/${NO_ID}`, expect: signedIn },
  { method: 'GET', path: '/api/calendario/feriados', expect: staff },
  { method: 'POST', path: '/api/calendario/feriados', body: {}, expect: board },
  { method: 'DELETE', path: '/api/calendario/feriados/:id', url: `/api/calendario/feriados/${NO_ID}`, expect: board },
  // Issue 5: the contact form, its staff screen (/painel/mensagens) and password recovery (invalid bodies → 400).
  { method: 'POST', path: '/api/contato', body: {}, expect: anyone },
  { method: 'GET', path: '/api/contato', expect: contatoStaff },
  { method: 'GET', path: '/api/contato/exportar', expect: contatoStaff },
  // Issue 13: reports — the board; a report with money figures also Finanças holders (the service narrows).
  { method: 'GET', path: '/api/relatorios', expect: only('financeiro', ...BOARD) },
  { method: 'GET', path: '/api/relatorios/:nome', url: '/api/relatorios/nao-existe', expect: only('financeiro', ...BOARD) },
  { method: 'GET', path: '/api/contato/:id', url: `/api/contato/${NO_ID}`, expect: contatoStaff },
  { method: 'PUT', path: '/api/contato/:id', url: `/api/contato/${NO_ID}`, body: {}, expect: contatoStaff },
  { method: 'POST', path: '/api/contato/:id/resposta', url: `/api/contato/${NO_ID}/resposta`, body: {}, expect: contatoStaff },
  { method: 'POST', path: '/api/auth/forgot-password', body: {}, expect: anyone },
  { method: 'POST', path: '/api/auth/reset-password', body: {}, expect: anyone },
  { method: 'POST', path: '/api/auth/reset-password/check', body: {}, expect: anyone },
  // Issue 11 (stages): the Juntas for everyone signed in; templates read by staff, edited by the board; stages and the Junta moved by workers.
  { method: 'GET', path: '/api/juntas', expect: signedIn },
  { method: 'GET', path: '/api/juntas/:uf/feriados', url: '/api/juntas/XX/feriados', expect: signedIn },
  { method: 'GET', path: '/api/processos/modelos', expect: staff },
  { method: 'GET', path: '/api/processos/modelos/:servico', url: '/api/processos/modelos/nenhum', expect: staff },
  { method: 'PUT', path: '/api/processos/modelos/:servico', url: '/api/processos/modelos/nenhum', body: {}, expect: board },
  { method: 'PUT', path: '/api/registros/:id/etapas/:etapaId', url: `/api/registros/${NO_ID}/etapas/${NO_ID}`, body: {}, expect: workers },
  { method: 'PUT', path: '/api/registros/:id/junta', url: `/api/registros/${NO_ID}/junta`, body: {}, expect: workers },
  // Issue 13: Agenda (each person's own, the board everyone's; edits by the creator or the board, decided per record),
  // the public feed (the token is the credential: unknown → 404), Equipe (the board; a person reads its own absences).
  { method: 'GET', path: '/api/agenda', url: '/api/agenda?inicio=2027-03-01&fim=2027-04-01', expect: staff },
  { method: 'GET', path: '/api/agenda/me', expect: clienteOnly },
  { method: 'GET', path: '/api/agenda/pessoas', expect: staff },
  { method: 'POST', path: '/api/agenda/eventos', body: {}, expect: staff },
  { method: 'GET', path: '/api/agenda/eventos/:id', url: `/api/agenda/eventos/${NO_ID}`, expect: staff },
  { method: 'PUT', path: '/api/agenda/eventos/:id', url: `/api/agenda/eventos/${NO_ID}`, body: {}, expect: staff },
  { method: 'DELETE', path: '/api/agenda/eventos/:id', url: `/api/agenda/eventos/${NO_ID}`, expect: staff },
  // Renewing has no body to fail: each staff caller gets a feed address (harmless, its own).
  { method: 'POST', path: '/api/agenda/feed/renovar', expect: staff },
  { method: 'GET', path: '/api/agenda/feed/:token.ics', url: '/api/agenda/feed/desconhecido.ics', expect: anyone },
  { method: 'GET', path: '/api/equipe', expect: board },
  { method: 'GET', path: '/api/equipe/ausentes', expect: staff },
  { method: 'GET', path: '/api/equipe/:userId/ausencias', url: `/api/equipe/${NO_ID}/ausencias`, expect: staff },
  { method: 'POST', path: '/api/equipe/:userId/ausencias', url: `/api/equipe/${NO_ID}/ausencias`, body: {}, expect: board },
  { method: 'DELETE', path: '/api/equipe/:userId/ausencias/:id', url: `/api/equipe/${NO_ID}/ausencias/${NO_ID}`, expect: board },
  { method: 'POST', path: '/api/registros/reatribuir', body: {}, expect: board },
  // Issue 12: Finanças (Financeiro, diretoria, master); a client reaches only its own charges, PIX and receipts (others → 404).
  ...financasRows(),
  // Issue 11: exigências (workers write them; staff and the registro's client read them) and document checklists.
  { method: 'GET', path: '/api/registros/:id/exigencias', url: `/api/registros/${NO_ID}/exigencias`, expect: signedIn },
  { method: 'POST', path: '/api/registros/:id/exigencias', url: `/api/registros/${NO_ID}/exigencias`, body: {}, expect: workers },
  { method: 'PUT', path: '/api/registros/:id/exigencias/:eid', url: `/api/registros/${NO_ID}/exigencias/${NO_ID}`, body: {}, expect: workers },
  { method: 'GET', path: '/api/processos/checklists/:servico', url: '/api/processos/checklists/nao-existe', expect: staff },
  { method: 'PUT', path: '/api/processos/checklists/:servico', url: '/api/processos/checklists/nao-existe', body: {}, expect: board },
  { method: 'GET', path: '/api/registros/:id/checklist', url: `/api/registros/${NO_ID}/checklist`, expect: signedIn },
  { method: 'POST', path: '/api/registros/:id/checklist/:itemId/arquivo', url: `/api/registros/${NO_ID}/checklist/${NO_ID}/arquivo`, body: {}, expect: clientsAndWorkers },
  { method: 'PUT', path: '/api/registros/:id/checklist/:itemId', url: `/api/registros/${NO_ID}/checklist/${NO_ID}`, body: {}, expect: workers },
  { method: 'GET', path: '/api/registros/me/pendencias', expect: clienteOnly },
  { method: 'POST', path: '/api/registros/:id/checklist', url: `/api/registros/${NO_ID}/checklist`, body: {}, expect: workers },
  // Issue 16: the client's LGPD rights (its own data; others' requests → 404) and the board's "Solicitações de titulares".
  // Asking for a copy has no body to fail: each client gets a copy of its own data (harmless).
  { method: 'GET', path: '/api/clientes/me/solicitacoes', expect: clienteOnly },
  { method: 'POST', path: '/api/clientes/me/exportacao', expect: clienteOnly },
  { method: 'GET', path: '/api/clientes/me/exportacao/:id', url: `/api/clientes/me/exportacao/${NO_ID}`, expect: clienteOnly },
  { method: 'GET', path: '/api/clientes/me/exportacao/:id/arquivo', url: `/api/clientes/me/exportacao/${NO_ID}/arquivo`, expect: clienteOnly },
  { method: 'PUT', path: '/api/clientes/me/contato', body: { estado: 'XX' }, expect: clienteOnly },
  { method: 'POST', path: '/api/clientes/me/correcao', body: {}, expect: clienteOnly },
  { method: 'POST', path: '/api/clientes/me/eliminacao', body: { motivo: 5 }, expect: clienteOnly },
  // Issue 53: the client's choice of optional e-mails, and the unsubscribe link (public: the signed token is the credential; a bad one → 400).
  { method: 'GET', path: '/api/clientes/me/notificacoes', expect: clienteOnly },
  { method: 'PUT', path: '/api/clientes/me/notificacoes', body: { agenda: 'talvez' }, expect: clienteOnly },
  { method: 'GET', path: '/api/notificacoes/descadastrar', url: '/api/notificacoes/descadastrar?token=forjado', expect: anyone },
  { method: 'POST', path: '/api/notificacoes/descadastrar', url: '/api/notificacoes/descadastrar?token=forjado', expect: anyone },
  // Issue 53: the portal's Novidades, the client's own notices (another client's id → 404).
  { method: 'GET', path: '/api/clientes/me/novidades', expect: clienteOnly },
  { method: 'POST', path: '/api/clientes/me/novidades/lidas', expect: clienteOnly },
  { method: 'POST', path: '/api/clientes/me/novidades/:id/lida', url: `/api/clientes/me/novidades/${NO_ID}/lida`, expect: clienteOnly },
  { method: 'GET', path: '/api/solicitacoes-titulares', expect: board },
  { method: 'GET', path: '/api/solicitacoes-titulares/exportar', expect: board },
  { method: 'GET', path: '/api/solicitacoes-titulares/:id', url: `/api/solicitacoes-titulares/${NO_ID}`, expect: board },
  { method: 'POST', path: '/api/solicitacoes-titulares/:id/aprovar', url: `/api/solicitacoes-titulares/${NO_ID}/aprovar`, body: {}, expect: board },
  { method: 'POST', path: '/api/solicitacoes-titulares/:id/recusar', url: `/api/solicitacoes-titulares/${NO_ID}/recusar`, body: {}, expect: board },
];

function financasRows(): MatrixRow[] {
  const financas = only('financeiro', ...BOARD);
  const financasAndClients = only('financeiro', ...BOARD, ...CLIENTS);
  return [
    { method: 'GET', path: '/api/cobrancas', expect: financas },
    { method: 'GET', path: '/api/cobrancas/me', expect: clienteOnly },
    { method: 'GET', path: '/api/cobrancas/:id', url: `/api/cobrancas/${NO_ID}`, expect: financas },
    { method: 'POST', path: '/api/cobrancas', body: {}, expect: financas },
    { method: 'PUT', path: '/api/cobrancas/:id', url: `/api/cobrancas/${NO_ID}`, body: {}, expect: financas },
    { method: 'PUT', path: '/api/cobrancas/:id/cancelar', url: `/api/cobrancas/${NO_ID}/cancelar`, body: {}, expect: financas },
    { method: 'POST', path: '/api/cobrancas/:id/pagamentos', url: `/api/cobrancas/${NO_ID}/pagamentos`, body: {}, expect: financas },
    { method: 'GET', path: '/api/cobrancas/:id/pix', url: `/api/cobrancas/${NO_ID}/pix`, expect: financasAndClients },
    { method: 'GET', path: '/api/cobrancas/:id/pagamentos/:pid/recibo', url: `/api/cobrancas/${NO_ID}/pagamentos/${NO_ID}/recibo`, expect: financasAndClients },
    { method: 'GET', path: '/api/financas/resumo', expect: financas },
    { method: 'POST', path: '/api/financas/extratos', body: {}, expect: financas },
    { method: 'GET', path: '/api/financas/extratos/:id', url: `/api/financas/extratos/${NO_ID}`, expect: financas },
    { method: 'POST', path: '/api/financas/extratos/:id/confirmar', url: `/api/financas/extratos/${NO_ID}/confirmar`, body: {}, expect: financas },
    // Issue 16: the audit trail.
    { method: 'GET', path: '/api/auditoria', expect: board },
    { method: 'GET', path: '/api/auditoria/exportar', expect: board },
    { method: 'GET', path: '/api/auditoria/verificar', expect: masterOnly },
    { method: 'POST', path: '/api/auditoria/simulacao', body: { tipo: 'invalido' }, expect: masterOnly },
    // Issue 15: the background jobs (Tarefas).
    { method: 'GET', path: '/api/tarefas', expect: masterOnly },
    { method: 'GET', path: '/api/tarefas/falhas', expect: masterOnly },
    { method: 'POST', path: '/api/tarefas/falhas/:id/repetir', url: `/api/tarefas/falhas/${NO_ID}/repetir`, expect: masterOnly },
    { method: 'DELETE', path: '/api/tarefas/falhas/:id', url: `/api/tarefas/falhas/${NO_ID}`, expect: masterOnly },
    { method: 'POST', path: '/api/tarefas/:nome/executar', url: '/api/tarefas/TarefaInexistente/executar', expect: masterOnly },
    // Issue 53: the outgoing mail the board sees: the Fila de saída, its banner, Reenviar and Cancelar.
    { method: 'GET', path: '/api/fila-saida', expect: board },
    { method: 'GET', path: '/api/fila-saida/resumo', expect: board },
    { method: 'POST', path: '/api/fila-saida/:id/reenviar', url: `/api/fila-saida/${NO_ID}/reenviar`, expect: board },
    { method: 'POST', path: '/api/fila-saida/:id/cancelar', url: `/api/fila-saida/${NO_ID}/cancelar`, expect: board },
    // Issue 53, ADR 0055: Configurações → E-mail de saída (the relay), the board's like every setting.
    { method: 'GET', path: '/api/configuracoes/email-saida', expect: board },
    { method: 'PUT', path: '/api/configuracoes/email-saida', body: {}, expect: board },
    { method: 'DELETE', path: '/api/configuracoes/email-saida', expect: board },
    { method: 'POST', path: '/api/configuracoes/email-saida/teste', body: {}, expect: board },
    // Issue 53: the panel's bell. Every staff member, always their own notices (another's id is a 404).
    { method: 'GET', path: '/api/avisos', expect: staff },
    { method: 'POST', path: '/api/avisos/lidos', expect: staff },
    { method: 'POST', path: '/api/avisos/:id/lido', url: `/api/avisos/${NO_ID}/lido`, expect: staff },
  ];
}

export const MATRIX_GROUPS = { anyone, staff, workers, board, clienteOnly, masterOnly, signedIn, clientsAndWorkers, contatoStaff };
