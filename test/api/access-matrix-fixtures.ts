import { DataSource } from 'typeorm';
import { todayInSaoPaulo } from '@veritas/common';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { TitularesService } from '../../backend/src/titulares/titulares.service';
import { AvisosService } from '../../backend/src/avisos';
import { ClienteNovidade } from '../../backend/src/notificacoes';
import { newId } from '../../backend/src/platform/database';
import { clienteFixture, type TestApi } from '../support/api';
import { officeFixture, type FakeProviders } from '../support/fake-providers';
import type { SmtpSink } from '../support/smtp-sink';
import type { Who } from './access-matrix';

/**
 * The records and bodies behind the authorisation matrix on real records (issue 55; the entries
 * are in access-matrix-real.ts and access-matrix-real-more.ts): the context each entry gets,
 * what it answers, and the fixtures it makes.
 */
export interface RealCtx {
  api: TestApi;
  /** The callers' own ids (people and the two clients). */
  ids: Record<string, string>;
  /** Records made once for the whole matrix (read-only targets). */
  fx: Record<string, string>;
  /** The relay every e-mail of the suite goes to (the links mailed to accounts are read from it). */
  sink: SmtpSink;
  /** The CNPJ and CEP providers, local fakes. */
  fake: FakeProviders;
}

export interface RealCall {
  url: string;
  body?: unknown;
  /** A multipart body instead of JSON (uploads): made anew for the call. */
  form?: () => FormData;
  /** The record the call would change, as stored: must be the same after a refused call. */
  row?: () => Promise<unknown>;
  /**
   * The session to call with instead of the cell's own: a fresh account of the same kind, signed in
   * for this call, where the call spends the caller's own account (a client's request to erase its data).
   */
  as?: string;
  /**
   * The guard lets the caller through (the matrix's 'ok') but the record rule refuses this record,
   * with this status and message (not the guard's), and nothing changes.
   */
  refusedInside?: { status: 403 | 404 | 409; message: string };
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

export async function created(ctx: RealCtx, url: string, body: unknown, as = 'master'): Promise<string> {
  const r = await ctx.api.post(url, body, as);
  // 202: accepted for processing (an LGPD export).
  // Most answers name the record `_id` (react-admin's); the agenda's and Equipe's name it `id`.
  const id: unknown = r.body?.data?._id ?? r.body?.data?.id;
  if ((r.status !== 201 && r.status !== 202) || typeof id !== 'string') throw new Error(`fixture ${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return id;
}

export const newUserBody = () => ({ username: unique('mx.'), nomeCompleto: 'Pessoa da Matriz', password: 'Equipe!2026', isAdmin: false, permissions: ['Associados'] });
export const newUser = (ctx: RealCtx) => created(ctx, '/api/users', newUserBody());
export const newCliente = (ctx: RealCtx) => created(ctx, '/api/clientes', { ...clienteFixture(), status: 'ativo' });

export const newTipo = (ctx: RealCtx) => created(ctx, '/api/tipos-cliente', { nome: unique('Tipo '), servicos: [{ nome: 'Abertura', valor: 100 }] });
let dia = 0;
/** A day no other holiday of the matrix takes (2040 onwards). */
export const feriadoBody = () => {
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
export const REUNIAO = { tipo: 'reuniao', titulo: 'Reunião da matriz', inicio: '2041-03-01T13:00:00.000Z', fim: '2041-03-01T14:00:00.000Z', local: 'Sala 2' };
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
export const ausenciaBody = () => {
  semana += 1;
  const de = new Date(Date.UTC(2042, 0, 1) + semana * 7 * 86_400_000);
  return { tipo: 'ferias', de: de.toISOString().slice(0, 10), ate: new Date(de.getTime() + 2 * 86_400_000).toISOString().slice(0, 10) };
};
let visitante = 0;
export const contatoBody = () => {
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
export async function newContato(ctx: RealCtx): Promise<string> {
  const body = contatoBody();
  const r = await ctx.api.post('/api/contato', body);
  if (r.status !== 201) throw new Error(`fixture contato: ${r.status} ${JSON.stringify(r.body)}`);
  const [row]: { id: string }[] = await ctx.api.app.get(DataSource).query('SELECT id FROM contato_mensagens WHERE email = ?', [body.email]);
  return row.id;
}
/** An open exigência on a registro the caller works (its own, for an associado). */
export async function newExigencia(ctx: RealCtx, who: Who): Promise<[string, string]> {
  const registro = await newRegistro(ctx, who === 'associado' ? 'associado' : undefined);
  return [registro, await created(ctx, `/api/registros/${registro}/exigencias`, { descricao: unique('Falta a procuração '), notificadaEm: todayInSaoPaulo() })];
}

/** A correction request of client A (an LGPD right), pending for the board. */
export const newCorrecao = (ctx: RealCtx) => created(ctx, '/api/clientes/me/correcao', { razaoSocial: unique('Razão Corrigida '), motivo: 'A razão social mudou na última alteração contratual.' }, 'clienteA');

/** A form with `fields` and a small PDF (or `file`) as `arquivo`. */
export function formOf(fields: Record<string, string>, file: { content: Buffer | string; name: string } = { content: samplePdf(), name: 'matriz.pdf' }): () => FormData {
  return () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('arquivo', new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)]), file.name);
    return form;
  };
}
/** A bank statement (OFX 1, SGML) with one credit of `valor` (its FITID unique). */
export function ofxFile(valor = '42.00', memo = 'PIX RECEBIDO'): { content: string; name: string } {
  const day = todayInSaoPaulo().replace(/-/g, '');
  const trn = `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${day}120000[-3:BRT]<TRNAMT>${valor}<FITID>${unique('F')}<MEMO>${memo}</STMTTRN>`;
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
  // A client whose CNPJ the (fake) provider knows, and a CEP it knows.
  const cliente = clienteFixture();
  ctx.fx.cliente = await created(ctx, '/api/clientes', { ...cliente, status: 'ativo' });
  ctx.fx.cnpj = cliente.cnpj;
  ctx.fake.offices.set(cliente.cnpj, officeFixture(cliente.cnpj));
  ctx.fake.ceps.set('01310100', { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' });
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
export async function newNovidade(ctx: RealCtx, clienteId: string): Promise<string> {
  const id = newId();
  const now = new Date();
  await ctx.api.app.get(DataSource).getRepository(ClienteNovidade).insert({ id, clienteId, evento: 'registro.status', titulo: unique('Novidade '), link: '/cliente', lidaEm: null, createdAt: now, updatedAt: now });
  return id;
}

/** An unread notice in a staff member's bell, written as the product writes one (a payment received). */
export async function newAviso(ctx: RealCtx, userId: string): Promise<string> {
  const titulo = unique('Pagamento recebido da matriz ');
  await ctx.api.app.get(AvisosService).notify([userId], () => ({ tipo: 'pagamento.recebido', titulo, link: '/painel/financas' }));
  const [row]: { id: string }[] = await ctx.api.app.get(DataSource).query('SELECT id FROM usuario_avisos WHERE userId = ? AND titulo = ?', [userId, titulo]);
  if (!row) throw new Error(`fixture aviso: nada escrito para ${userId}`);
  return row.id;
}

/** A record of client A, called by client B: past the guard, and "not found" (a client reaches its own records only). */
export function ofClienteA(who: Who, notFound: string): Pick<RealCall, 'refusedInside'> {
  return who === 'clienteB' ? { refusedInside: { status: 404, message: notFound } } : {};
}

export function isClient(who: Who): boolean {
  return who === 'clienteA' || who === 'clienteB';
}
export function isStaff(who: Who): boolean {
  return who !== 'anonymous' && !isClient(who);
}

