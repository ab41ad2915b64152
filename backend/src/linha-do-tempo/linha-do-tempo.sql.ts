import type { LinhaDoTempoTipo } from '@veritas/common';

/*
 * The timeline's sources (issue 56, ADR 0054), each a SELECT of the same columns over one table:
 *   k    the line's kind          ev   the event, '' for the kind's first one (a registro opened)
 *   sid  the source row's id      data when it happened (each source's own datetime column)
 *   rid  the registro's id        num  its protocol number
 *   a, b, c  texts the title is made of, n an amount in centavos, ref another id or the mail's folder.
 * Named parameters: :cliente, :me, :registro (the filter), :lim (rows a source gives at most) and the
 * registro scope's own. The service joins the sources with UNION ALL, pages and counts the union.
 */

export interface LinhaRow {
  k: LinhaDoTempoTipo;
  ev: string;
  sid: string;
  data: Date | string;
  rid: string | null;
  num: string | null;
  a: string | null;
  b: string | null;
  c: string | null;
  n: number | string | null;
  ref: string | null;
}

/** What a source needs to know of the request. */
export interface FonteContexto {
  /** The registro rule on alias r (null: the caller sees every registro). */
  scope: string | null;
  /** Whether the caller sees everyone's appointments (else those it created or takes part in). */
  agendaAll: boolean;
  /** The registro filter is set: lines of no registro drop out. */
  porRegistro: boolean;
}

/** One source: its columns, FROM and WHERE (without ORDER BY), and the column it is ordered by. */
export interface Fonte {
  tipo: LinhaDoTempoTipo;
  select: string;
  /** FROM and WHERE alone (what the count reads). */
  rows: string;
  order: string;
  sid: string;
}

interface Parte {
  k: LinhaDoTempoTipo;
  ev?: string;
  sid: string;
  data: string;
  rid: string;
  num?: string;
  a?: string;
  b?: string;
  c?: string;
  n?: string;
  ref?: string;
  from: string;
  where: string[];
}

const TEXTO = 200;
const sub = (col: string) => `SUBSTR(${col}, 1, ${TEXTO})`;

function fonte(p: Parte): Fonte {
  const cols = [
    `'${p.k}' AS k`,
    `'${p.ev ?? ''}' AS ev`,
    `${p.sid} AS sid`,
    `${p.data} AS data`,
    `${p.rid} AS rid`,
    `${p.num ?? 'r.numero'} AS num`,
    `${p.a ?? 'NULL'} AS a`,
    `${p.b ?? 'NULL'} AS b`,
    `${p.c ?? 'NULL'} AS c`,
    `${p.n ?? 'NULL'} AS n`,
    `${p.ref ?? 'NULL'} AS ref`,
  ];
  const rows = `FROM ${p.from} WHERE ${p.where.join(' AND ')}`;
  return { tipo: p.k, select: `SELECT ${cols.join(', ')} ${rows}`, rows, order: p.data, sid: p.sid };
}

/** Lines of one of the client's registros (the registro read from its client's index, the rule on it). */
function doRegistro(ctx: FonteContexto): string[] {
  return ['r.clienteId = :cliente', ...(ctx.scope ? [`(${ctx.scope})`] : []), ...(ctx.porRegistro ? ['r.id = :registro'] : [])];
}

/** Lines that may name a registro (alias r, LEFT JOINed on `col`): the rule applies only when they do. */
function talvezDoRegistro(ctx: FonteContexto, col: string): string[] {
  if (ctx.porRegistro) return [`${col} = :registro`, ...(ctx.scope ? [`(${ctx.scope})`] : [])];
  return ctx.scope ? [`(${col} IS NULL OR (${ctx.scope}))`] : [];
}

/** Every source the caller may read, by kind. */
export function fontes(ctx: FonteContexto): Fonte[] {
  const historico = (k: LinhaDoTempoTipo, evento: string, ev?: string) =>
    fonte({ k, ev, sid: 'h.id', data: 'h.createdAt', rid: 'r.id', a: sub('h.nota'), b: 'h.de', c: 'h.para', from: 'registro_historico h JOIN registros r ON r.id = h.registroId', where: [...doRegistro(ctx), `h.evento = '${evento}'`] });
  const agendaRegra = ctx.agendaAll ? [] : ['(e.criadoPorId = :me OR EXISTS (SELECT 1 FROM agenda_participantes ap WHERE ap.eventoId = e.id AND ap.userId = :me))'];
  // One line per message: of its links to this client, the one with a registro (the filter's, when set).
  const umVinculo =
    'v.id = (SELECT v2.id FROM email_vinculos v2 WHERE v2.emailId = v.emailId AND v2.clienteId = :cliente' +
    (ctx.porRegistro ? ' AND v2.registroId = :registro' : '') +
    ' ORDER BY CASE WHEN v2.registroId IS NULL THEN 1 ELSE 0 END, v2.id LIMIT 1)';
  return [
    fonte({ k: 'registro', sid: 'r.id', data: 'r.createdAt', rid: 'r.id', a: 'r.tipo', from: 'registros r', where: doRegistro(ctx) }),
    historico('registro', 'status', 'status'),
    historico('etapa', 'etapa'),
    fonte({ k: 'exigencia', sid: 'e.id', data: 'e.createdAt', rid: 'r.id', a: sub('e.descricao'), b: 'e.prazo', from: 'registro_exigencias e JOIN registros r ON r.id = e.registroId', where: doRegistro(ctx) }),
    fonte({
      k: 'exigencia',
      ev: 'cumprida',
      sid: 'e.id',
      data: 'e.cumpridaEm',
      rid: 'r.id',
      a: sub('e.descricao'),
      b: 'e.cumpridaPorNome',
      from: 'registro_exigencias e JOIN registros r ON r.id = e.registroId',
      where: [...doRegistro(ctx), 'e.cumpridaEm IS NOT NULL'],
    }),
    fonte({ k: 'checklist', ev: 'enviado', sid: 'i.id', data: 'i.enviadoEm', rid: 'r.id', a: 'i.nome', from: 'registro_checklist i JOIN registros r ON r.id = i.registroId', where: [...doRegistro(ctx), 'i.enviadoEm IS NOT NULL'] }),
    fonte({
      k: 'checklist',
      ev: 'avaliado',
      sid: 'i.id',
      data: 'i.avaliadoEm',
      rid: 'r.id',
      a: 'i.nome',
      b: 'i.status',
      c: sub('i.motivo'),
      from: 'registro_checklist i JOIN registros r ON r.id = i.registroId',
      where: [...doRegistro(ctx), 'i.avaliadoEm IS NOT NULL', "i.status IN ('aceito', 'recusado')"],
    }),
    fonte({
      k: 'documento',
      sid: 'd.id',
      data: 'd.createdAt',
      rid: 'd.registroId',
      a: 'd.titulo',
      b: 'd.enviadoPorNome',
      c: 'd.enviadoPor',
      from: 'documentos d LEFT JOIN registros r ON r.id = d.registroId',
      where: ['d.clienteId = :cliente', ...talvezDoRegistro(ctx, 'd.registroId')],
    }),
    fonte({
      k: 'cobranca',
      sid: 'co.id',
      data: 'co.createdAt',
      rid: 'co.registroId',
      b: 'co.vencimento',
      c: 'co.status',
      n: 'co.totalCentavos',
      from: 'cobrancas co LEFT JOIN registros r ON r.id = co.registroId',
      where: ['co.clienteId = :cliente', ...talvezDoRegistro(ctx, 'co.registroId')],
    }),
    fonte({
      k: 'pagamento',
      sid: 'p.id',
      data: 'p.createdAt',
      rid: 'co.registroId',
      a: 'p.forma',
      b: 'p.data',
      n: 'p.valorCentavos',
      ref: 'co.id',
      from: 'cobranca_pagamentos p JOIN cobrancas co ON co.id = p.cobrancaId LEFT JOIN registros r ON r.id = co.registroId',
      where: ['co.clienteId = :cliente', ...talvezDoRegistro(ctx, 'co.registroId')],
    }),
    fonte({
      k: 'agenda',
      sid: 'e.id',
      data: 'e.inicio',
      rid: 'e.registroId',
      a: 'e.titulo',
      b: 'e.tipo',
      from: 'agenda_eventos e LEFT JOIN registros r ON r.id = e.registroId',
      where: ['e.clienteId = :cliente', ...agendaRegra, ...talvezDoRegistro(ctx, 'e.registroId')],
    }),
    // The portal conversation (ADR 0057): each message, read from its registro's index by date.
    fonte({
      k: 'mensagem',
      sid: 'mg.id',
      data: 'mg.createdAt',
      rid: 'r.id',
      a: sub('mg.texto'),
      b: 'mg.autorNome',
      c: 'mg.lado',
      from: 'registro_mensagens mg JOIN registros r ON r.id = mg.registroId',
      where: doRegistro(ctx),
    }),
    fonte({
      k: 'email',
      sid: 'm.id',
      data: 'm.date',
      rid: 'v.registroId',
      a: 'm.subject',
      b: 'm.fromName',
      c: 'm.fromAddress',
      ref: 'm.folder',
      from: 'email_vinculos v JOIN mail_messages m ON m.id = v.emailId LEFT JOIN registros r ON r.id = v.registroId',
      // Mailboxes are personal: only the caller's own copies, neither drafts nor the Lixeira.
      where: ['v.clienteId = :cliente', 'm.ownerId = :me', "m.folder IN ('inbox', 'sent', 'archive')", umVinculo, ...(ctx.porRegistro ? ['v.registroId = :registro'] : [])],
    }),
  ];
}

/**
 * The page: each source's first `:lim` rows in the page's order (newest, by default) (skip + take: no more can reach the page), from its own index
 * in date order, then the union sorted and cut. Derived tables, so that each source keeps its ORDER BY and
 * LIMIT on SQLite and MySQL/MariaDB alike.
 */
export function paginaSql(list: readonly Fonte[], order: 'ASC' | 'DESC'): string {
  const partes = list.map((f, i) => `SELECT * FROM (${f.select} ORDER BY ${f.order} ${order}, ${f.sid} ${order} LIMIT :lim) f${i}`);
  return `${partes.join(' UNION ALL ')} ORDER BY data ${order}, sid ${order} LIMIT :take OFFSET :skip`;
}

/** The count of the same union (its rows, without the columns the page shows). */
export function contagemSql(list: readonly Fonte[]): string {
  return `SELECT COUNT(*) AS n FROM (${list.map((f) => `SELECT 1 AS um ${f.rows}`).join(' UNION ALL ')}) linhas`;
}
