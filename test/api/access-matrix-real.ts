import { DataSource } from 'typeorm';
import { todayInSaoPaulo } from '@veritas/common';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { TitularesService } from '../../backend/src/titulares/titulares.service';
import { ClienteNovidade } from '../../backend/src/notificacoes';
import { newId } from '../../backend/src/platform/database';
import { clienteFixture, MASTER_PASSWORD, type TestApi } from '../support/api';
import type { Who } from './access-matrix';

/**
 * The authorisation matrix on real records (issue 55): for the routes listed here, each cell calls
 * with ids that exist and a body that passes validation, so a refusal proves the guard and a pass
 * reaches the service. A call that changes or removes a record gets a fresh one per caller (made by
 * the board, before the call); a refused call must leave its record as it was (`row` is read before
 * and after). Routes not listed keep the matrix's own url and body (ids that do not exist).
 */
export interface RealCtx {
  api: TestApi;
  /** The callers' own ids (people and the two clients). */
  ids: Record<string, string>;
  /** Records made once for the whole matrix (read-only targets). */
  fx: Record<string, string>;
}

export interface RealCall {
  url: string;
  body?: unknown;
  /** A multipart body instead of JSON (uploads): made anew for the call. */
  form?: () => FormData;
  /** The record the call would change, as stored: must be the same after a refused call. */
  row?: () => Promise<unknown>;
}

export type Real = (ctx: RealCtx, who: Who) => Promise<RealCall>;

let seq = 0;
/** A name no other cell uses. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq += 1)}`;

/** The stored row (every column), or null when it is gone. */
export function rowOf(ctx: RealCtx, table: string, id: string): () => Promise<unknown> {
  return async () => {
    const rows: Record<string, unknown>[] = await ctx.api.app.get(DataSource).query(`SELECT * FROM ${table} WHERE id = ?`, [id]);
    return rows[0] ? JSON.parse(JSON.stringify(rows[0])) : null;
  };
}

/** The stored rows where `column` is `value` (a template's, by its service). */
export function rowsOf(ctx: RealCtx, table: string, column: string, value: string): () => Promise<unknown> {
  return async () => JSON.parse(JSON.stringify(await ctx.api.app.get(DataSource).query(`SELECT * FROM ${table} WHERE ${column} = ? ORDER BY id`, [value])));
}

async function created(ctx: RealCtx, url: string, body: unknown, as = 'master'): Promise<string> {
  const r = await ctx.api.post(url, body, as);
  // 202: accepted for processing (an LGPD export).
  if (r.status !== 201 && r.status !== 202) throw new Error(`fixture ${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data._id as string;
}

export const newUserBody = () => ({ username: unique('mx.'), nomeCompleto: 'Pessoa da Matriz', password: 'Equipe!2026', isAdmin: false, permissions: ['Associados'] });
export const newUser = (ctx: RealCtx) => created(ctx, '/api/users', newUserBody());
export const newCliente = (ctx: RealCtx) => created(ctx, '/api/clientes', { ...clienteFixture(), status: 'ativo' });

export const newTipo = (ctx: RealCtx) => created(ctx, '/api/tipos-cliente', { nome: unique('Tipo '), servicos: [{ nome: 'Abertura', valor: 100 }] });
let dia = 0;
/** A day no other holiday of the matrix takes (2040 onwards). */
const feriadoBody = () => {
  dia += 1;
  const d = new Date(Date.UTC(2040, 0, 1) + dia * 86_400_000).toISOString().slice(0, 10);
  return { data: d, nome: unique('Feriado da Matriz ') };
};
export const newFeriado = (ctx: RealCtx) => created(ctx, '/api/calendario/feriados', feriadoBody());
/** A registro of client A, without a responsible person (every worker sees it), or with one. */
export const newRegistro = (ctx: RealCtx, responsavel?: Who) =>
  created(ctx, '/api/registros', { clienteId: ctx.ids.clienteA, servico: 'certidao-simplificada', descricao: unique('Registro da matriz '), ...(responsavel ? { responsavelId: ctx.ids[responsavel] } : {}) });

/** An open charge of client A. */
export const newCobranca = (ctx: RealCtx) => created(ctx, '/api/cobrancas', { clienteId: ctx.ids.clienteA, linhas: [{ descricao: unique('Honorários '), tipo: 'honorario', valor: 150 }] });
const REUNIAO = { tipo: 'reuniao', titulo: 'Reunião da matriz', inicio: '2041-03-01T13:00:00.000Z', fim: '2041-03-01T14:00:00.000Z', local: 'Sala 2' };
/** An agenda event made by `who` when it is staff (edits are the creator's or the board's), else by the master. */
export const newEvento = (ctx: RealCtx, who: Who) => created(ctx, '/api/agenda/eventos', { ...REUNIAO, titulo: unique('Reunião ') }, isStaff(who) ? who : 'master');
/** A draft in `who`'s own mailbox when it is staff (a mailbox is its owner's), else in the master's. */
export const newDraft = (ctx: RealCtx, who: Who) => created(ctx, '/api/emails/drafts', { subject: unique('Rascunho da matriz ') }, isStaff(who) ? who : 'master');
/** A draft with a small PDF attached (multipart, field `attachments`), in `who`'s mailbox when it is staff, else the master's. */
export async function newDraftWithPdf(ctx: RealCtx, who: Who): Promise<string> {
  const form = new FormData();
  form.append('subject', unique('Rascunho com anexo '));
  form.append('attachments', new Blob([new Uint8Array(samplePdf())]), 'contrato.pdf');
  const res = await fetch(`${ctx.api.baseUrl}/api/emails/drafts`, { method: 'POST', headers: { authorization: `Bearer ${ctx.api.token[isStaff(who) ? who : 'master']}` }, body: form });
  const body = (await res.json()) as { data: { _id: string } };
  if (res.status !== 201) throw new Error(`fixture rascunho: ${res.status} ${JSON.stringify(body)}`);
  return body.data._id;
}

/** A PDF uploaded by `as` (multipart), filed under `fields` (registroId, or clienteId for staff). */
export async function newDocumento(ctx: RealCtx, as: string, fields: Record<string, string>): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('arquivo', new Blob([new Uint8Array(samplePdf())]), `${unique('matriz-')}.pdf`);
  const res = await fetch(`${ctx.api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${ctx.api.token[as]}` }, body: form });
  const body = (await res.json()) as { data: { _id: string } };
  if (res.status !== 201) throw new Error(`fixture upload: ${res.status} ${JSON.stringify(body)}`);
  return body.data._id;
}
let semana = 0;
/** An absence of the second associado in a week no other cell takes (2042 onwards). */
const ausenciaBody = () => {
  semana += 1;
  const de = new Date(Date.UTC(2042, 0, 1) + semana * 7 * 86_400_000);
  return { tipo: 'ferias', de: de.toISOString().slice(0, 10), ate: new Date(de.getTime() + 2 * 86_400_000).toISOString().slice(0, 10) };
};
let visitante = 0;
const contatoBody = () => {
  visitante += 1;
  return {
    nome: `Visitante da Matriz ${visitante}`,
    email: `matriz${visitante}.${Date.now()}@exemplo.com.br`,
    telefone: '(11) 98888-7777',
    empresa: 'Padaria Pão Quente',
    assunto: 'Abertura de Empresas',
    mensagem: `Gostaria de abrir uma empresa (${visitante}).`,
    aceiteTermos: true,
    website: '',
  };
};
/** A message of the public form (it answers no id: the newest row of the table is it). */
async function newContato(ctx: RealCtx): Promise<string> {
  const body = contatoBody();
  const r = await ctx.api.post('/api/contato', body);
  if (r.status !== 201) throw new Error(`fixture contato: ${r.status} ${JSON.stringify(r.body)}`);
  const [row]: { id: string }[] = await ctx.api.app.get(DataSource).query('SELECT id FROM contato_mensagens WHERE email = ?', [body.email]);
  return row.id;
}
/** An open exigência on a registro the caller works (its own, for an associado). */
async function newExigencia(ctx: RealCtx, who: Who): Promise<[string, string]> {
  const registro = await newRegistro(ctx, who === 'associado' ? 'associado' : undefined);
  return [registro, await created(ctx, `/api/registros/${registro}/exigencias`, { descricao: unique('Falta a procuração '), notificadaEm: todayInSaoPaulo() })];
}

/** A correction request of client A (an LGPD right), pending for the board. */
const newCorrecao = (ctx: RealCtx) => created(ctx, '/api/clientes/me/correcao', { razaoSocial: unique('Razão Corrigida '), motivo: 'A razão social mudou na última alteração contratual.' }, 'clienteA');

/** A form with `fields` and a small PDF (or `file`) as `arquivo`. */
function formOf(fields: Record<string, string>, file: { content: Buffer | string; name: string } = { content: samplePdf(), name: 'matriz.pdf' }): () => FormData {
  return () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('arquivo', new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)]), file.name);
    return form;
  };
}
/** A bank statement (OFX 1, SGML) with one credit, its FITID unique. */
function ofxFile(): { content: string; name: string } {
  const day = todayInSaoPaulo().replace(/-/g, '');
  const trn = `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${day}120000[-3:BRT]<TRNAMT>42.00<FITID>${unique('F')}<MEMO>PIX RECEBIDO</STMTTRN>`;
  const content =
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n' +
    `<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>${day}<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>` +
    `<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<BRANCHID>1234<ACCTID>56789-0<ACCTTYPE>CHECKING</BANKACCTFROM>` +
    `<BANKTRANLIST><DTSTART>${day}<DTEND>${day}${trn}</BANKTRANLIST><LEDGERBAL><BALAMT>0<DTASOF>${day}</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
  return { content, name: 'extrato.ofx' };
}

/** Shared read-only targets, made once (by the board) before the cells run. */
export async function makeFixtures(ctx: RealCtx): Promise<void> {
  ctx.fx.user = await newUser(ctx);
  ctx.fx.cliente = await newCliente(ctx);
  ctx.fx.tipo = await newTipo(ctx);
  ctx.fx.registro = await newRegistro(ctx);
  // A charge of client A with one payment (its receipt).
  ctx.fx.cobranca = await newCobranca(ctx);
  const paid = await ctx.api.post(`/api/cobrancas/${ctx.fx.cobranca}/pagamentos`, { valor: 50, forma: 'pix' }, 'master');
  if (paid.status !== 201) throw new Error(`fixture pagamento: ${paid.status} ${JSON.stringify(paid.body)}`);
  ctx.fx.pagamento = paid.body.data.pagamentos[0]._id;
  ctx.fx.documento = await newDocumento(ctx, 'clienteA', { registroId: ctx.fx.registro });
  ctx.fx.contato = await newContato(ctx);
  ctx.fx.solicitacao = await newCorrecao(ctx);
  // Client A's copy of its data (one a day: the matrix's own POST for client A then answers 429), ready.
  ctx.fx.exportacao = await created(ctx, '/api/clientes/me/exportacao', undefined, 'clienteA');
  await ctx.api.app.get(TitularesService).idle();
  const extrato = await fetch(`${ctx.api.baseUrl}/api/financas/extratos`, { method: 'POST', body: formOf({}, ofxFile())(), headers: { authorization: `Bearer ${ctx.api.token.master}` } });
  const lido = (await extrato.json()) as { data: { _id: string } };
  if (extrato.status !== 201) throw new Error(`fixture extrato: ${extrato.status} ${JSON.stringify(lido)}`);
  ctx.fx.extrato = lido.data._id;
}

/** An unread notice in a client's Novidades (as the mail outbox writes it). */
async function newNovidade(ctx: RealCtx, clienteId: string): Promise<string> {
  const id = newId();
  const now = new Date();
  await ctx.api.app.get(DataSource).getRepository(ClienteNovidade).insert({ id, clienteId, evento: 'registro.status', titulo: unique('Novidade '), link: '/cliente', lidaEm: null, createdAt: now, updatedAt: now });
  return id;
}

function isClient(who: Who): boolean {
  return who === 'clienteA' || who === 'clienteB';
}
function isStaff(who: Who): boolean {
  return who !== 'anonymous' && !isClient(who);
}

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
  // Issue 53: the board sends a staff member a reset link (this one has no confirmed recovery e-mail: 409 past the guard).
  'POST /api/users/:id/enviar-redefinicao-senha': async (c) => {
    const id = await newUser(c);
    return { url: `/api/users/${id}/enviar-redefinicao-senha`, row: rowOf(c, 'users', id) };
  },
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
  'GET /api/registros/:id': async (c) => ({ url: `/api/registros/${c.fx.registro}` }),
  'GET /api/registros/cliente/:id': async (c) => ({ url: `/api/registros/cliente/${c.ids.clienteA}` }),
  'POST /api/registros': async (c, who) => ({
    url: '/api/registros',
    body: { ...(isClient(who) ? {} : { clienteId: c.ids.clienteA }), servico: 'certidao-simplificada', descricao: unique('Pedido da matriz ') },
  }),
  'PUT /api/registros/:id/status': async (c, who) => {
    // An associado moves the status of its own registros only.
    const id = await newRegistro(c, who === 'associado' ? 'associado' : undefined);
    return { url: `/api/registros/${id}/status`, body: { status: isClient(who) ? 'cancelado' : 'andamento' }, row: rowOf(c, 'registros', id) };
  },
  'PUT /api/registros/:id/responsavel': async (c) => {
    const id = await newRegistro(c);
    return { url: `/api/registros/${id}/responsavel`, body: { responsavelId: c.ids.associado }, row: rowOf(c, 'registros', id) };
  },

  // The bell (issue 53): a staff caller marks its own notice (the contact fixture told the board and Suporte), else the
  // master's (a 404: always one's own); the others are refused and leave it as it was.
  'POST /api/avisos/:id/lido': async (c, who) => {
    const ds = c.api.app.get(DataSource);
    const newest = async (userId: string | undefined) =>
      ((await ds.query('SELECT id FROM usuario_avisos WHERE userId = ? ORDER BY createdAt DESC, id DESC', [userId ?? ''])) as { id: string }[])[0]?.id;
    const id = (isStaff(who) && (await newest(c.ids[who]))) || (await newest(c.ids.master));
    if (!id) throw new Error('fixture aviso: the contact message told nobody');
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
  'GET /api/cobrancas/:id/pix': async (c) => ({ url: `/api/cobrancas/${c.fx.cobranca}/pix` }),
  'GET /api/cobrancas/:id/pagamentos/:pid/recibo': async (c) => ({ url: `/api/cobrancas/${c.fx.cobranca}/pagamentos/${c.fx.pagamento}/recibo` }),

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

  // Documents: client A's on its registro (client B: 404); a fresh one per caller to delete, uploaded
  // by the caller where it may upload (the uploader or the board deletes), else by the board.
  'GET /api/documentos/:id': async (c) => ({ url: `/api/documentos/${c.fx.documento}` }),
  'GET /api/documentos/:id/download': async (c) => ({ url: `/api/documentos/${c.fx.documento}/download` }),
  'DELETE /api/documentos/:id': async (c, who) => {
    const mine = who === 'clienteA' || who === 'associado' || who === 'diretoria' || who === 'master';
    if (who === 'financeiro' || who === 'suporte') {
      // They upload nothing, so no document is theirs to delete: the board's would be a refusal by the
      // record rule (canDeleteDocumento), not the guard's. They keep an id that does not exist.
      return { url: '/api/documentos/00000000-0000-4000-8000-000000000000' };
    }
    const id = await newDocumento(c, mine && who !== 'clienteA' ? who : 'clienteA', mine && who !== 'clienteA' ? { clienteId: c.ids.clienteA } : { registroId: c.fx.registro });
    return { url: `/api/documentos/${id}`, row: rowOf(c, 'documentos', id) };
  },

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
  'GET /api/registros/:id/exigencias': async (c) => ({ url: `/api/registros/${c.fx.registro}/exigencias` }),
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
  'GET /api/registros/:id/checklist': async (c) => ({ url: `/api/registros/${c.fx.registro}/checklist` }),

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
  'GET /api/clientes/me/exportacao/:id': async (c) => ({ url: `/api/clientes/me/exportacao/${c.fx.exportacao}` }),
  'GET /api/clientes/me/exportacao/:id/arquivo': async (c) => ({ url: `/api/clientes/me/exportacao/${c.fx.exportacao}/arquivo` }),
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
    return { url: `/api/registros/${id}/checklist/${item}/arquivo`, form: formOf({}), row: rowOf(c, 'registro_checklist', item) };
  },
  // A mail attachment into a registro: a draft of the caller's own with a PDF (refused callers aim at the master's), a fresh registro (its own, for an associado).
  'POST /api/emails/message/:id/anexos/:indice/registro': async (c, who) => {
    const email = await newDraftWithPdf(c, who);
    const registro = await newRegistro(c, who === 'associado' ? 'associado' : undefined);
    return { url: `/api/emails/message/${email}/anexos/0/registro`, body: { registroId: registro }, row: rowsOf(c, 'documentos', 'registroId', registro) };
  },
  'GET /api/registros/:id/correspondencia': async (c) => ({ url: `/api/registros/${c.fx.registro}/correspondencia` }),
  'POST /api/financas/extratos': async () => ({ url: '/api/financas/extratos', form: formOf({}, ofxFile()) }),
  'GET /api/financas/extratos/:id': async (c) => ({ url: `/api/financas/extratos/${c.fx.extrato}` }),
};
