import { applyDecorators, BadRequestException } from '@nestjs/common';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ApiQuery } from '@nestjs/swagger';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { CONTAGEM_LIMITE } from '@veritas/common';
import { BROTLI_OPTIONS, COMPRESS_FROM, setListRange } from '../request';

/**
 * One list contract for every collection: ra-data-simple-rest's `sort=["field","ASC"]`,
 * `range=[0,24]` and `filter={...}` query parameters, answered with `{ data, total }` and a
 * `Content-Range` header. Paging and sorting run in SQL.
 */
export interface ListQueryParams {
  sort?: unknown;
  range?: unknown;
  filter?: unknown;
}

export interface ListRequest {
  skip: number;
  take: number;
  sortColumn: string;
  sortOrder: 'ASC' | 'DESC';
  filter: Record<string, unknown>;
}

export interface ListSpec {
  /** API field → SQL column (alias-qualified) that may be sorted on. */
  sortable: Readonly<Record<string, string>>;
  /** The filter keys the route reads; any other key is refused (400). */
  filters: readonly string[];
  defaultSort: [string, 'ASC' | 'DESC'];
  maxPageSize?: number;
}

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 200;

function parseJson(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new BadRequestException(`Parâmetro ${name} inválido: informe-o uma única vez.`);
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestException(`Parâmetro ${name} inválido: JSON malformado.`);
  }
}

export function parseListQuery(q: ListQueryParams, spec: ListSpec): ListRequest {
  const max = spec.maxPageSize ?? MAX_PAGE_SIZE;
  let skip = 0;
  let take = DEFAULT_PAGE_SIZE;
  const range = parseJson(q.range, 'range');
  if (range !== undefined) {
    // Safe integers only: 1e308 is an integer to JavaScript but no database takes it as OFFSET.
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isSafeInteger(n) && n >= 0) || range[1] < range[0]) {
      throw new BadRequestException('Parâmetro range inválido: use [início, fim] com números inteiros não negativos.');
    }
    skip = range[0];
    take = Math.min(range[1] - range[0] + 1, max);
  }

  let [field, order] = spec.defaultSort;
  const sort = parseJson(q.sort, 'sort');
  if (sort !== undefined) {
    if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string') {
      throw new BadRequestException('Parâmetro sort inválido: use ["campo","ASC"] ou ["campo","DESC"].');
    }
    const f = sort[0] === 'id' ? '_id' : sort[0];
    // An own key only: "__proto__", "constructor" or "toString" would otherwise reach the
    // prototype, and TypeORM would write the order into Object.prototype (every later query broken).
    if (!Object.hasOwn(spec.sortable, f)) {
      throw new BadRequestException(`Não é possível ordenar por "${sort[0]}". Use um destes campos: ${Object.keys(spec.sortable).join(', ')}.`);
    }
    const o = String(sort[1]).toUpperCase();
    if (o !== 'ASC' && o !== 'DESC') throw new BadRequestException('A ordem deve ser ASC ou DESC.');
    field = f;
    order = o;
  }

  const raw = parseJson(q.filter, 'filter') ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new BadRequestException('Parâmetro filter inválido: use um objeto JSON.');
  }
  // A table without a prototype: a filter key is data, never a way to reach Object.prototype.
  const filter: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(raw)) {
    if (!spec.filters.includes(key)) {
      const known = spec.filters.length ? `Use: ${spec.filters.join(', ')}.` : 'Esta lista não tem filtros.';
      throw new BadRequestException(`Filtro "${key}" desconhecido. ${known}`);
    }
    filter[key] = value;
  }
  return { skip, take, sortColumn: spec.sortable[field], sortOrder: order, filter };
}

/** The ids asked for by react-admin's getMany (`filter={"id":[...]}`), if any. */
export function idsFilter(filter: Record<string, unknown>): string[] | null {
  const ids = filter.id ?? filter._id;
  if (ids === undefined) return null;
  const list = Array.isArray(ids) ? ids : [ids];
  return list.filter((v): v is string => typeof v === 'string').slice(0, MAX_PAGE_SIZE);
}

export async function runList<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  req: ListRequest,
  tieBreaker: string,
): Promise<[T[], number]> {
  return qb
    .orderBy(req.sortColumn, req.sortOrder)
    .addOrderBy(tieBreaker, 'ASC')
    .skip(req.skip)
    .take(req.take)
    .getManyAndCount();
}

export interface ListResult<R> {
  data: R[];
  total: number;
  /** Present (false) only when the count stopped at its limit: there are more than `total` rows. */
  totalExato?: false;
}

/*
 * Counts that stop (issue 14): a search matching half of 100,000 clients would scan them all to be
 * counted on every page. Where a list uses it, the count stops past CONTAGEM_LIMITE (@veritas/common)
 * rows and the answer says "more than" (see listResponse); the panel shows "mais de 1.000".
 */

/** A list's count: exact, or (exato false) "more than `total`". */
export interface Contagem {
  total: number;
  exato: boolean;
}

/**
 * Pages that end within this many rows read their rows at once instead of ids first (clientes,
 * registros): the skipped rows cost less than a second round trip to a reader thread or the server.
 */
export const DIRECT_ROWS = 250;

/**
 * Whether a list screen's count of `qb` (its conditions applied) stops past CONTAGEM_LIMITE even
 * without a search. On MySQL/MariaDB always: InnoDB keeps no row count and an exact COUNT(*) walks a
 * whole index (100,000 clients: ~25 ms of the server's CPU per page). On SQLite when the list is
 * filtered: a table is counted from its b-tree for free, but a filter's index range is walked entry by
 * entry (the 50,000 registros of one Junta: 2 ms, against 0.04 ms stopped at 1,001). Exports count
 * exactly everywhere.
 */
export function contagemSempreLimitada(qb: SelectQueryBuilder<ObjectLiteral>): boolean {
  return qb.connection.options.type !== 'better-sqlite3' || qb.expressionMap.wheres.length > 0;
}

/**
 * COUNT(*) of qb's rows that stops past CONTAGEM_LIMITE: `SELECT COUNT(*) FROM (<qb> LIMIT 1001)`,
 * so a common search reads about a thousand matches, not all of them. `idColumn` is what the inner
 * query selects (the row's id). With `versionColumn` (data-versions' versionColumn), also the version
 * that statement read.
 */
export async function contagemLimitada(
  manager: EntityManager,
  qb: SelectQueryBuilder<ObjectLiteral>,
  idColumn: string,
  versionColumn?: string,
): Promise<Contagem & { versao?: string }> {
  const [sql, params] = qb.clone().select(idColumn).orderBy().limit(CONTAGEM_LIMITE + 1).getQueryAndParameters();
  const [row] = await manager.query(`SELECT COUNT(*) AS n${versionColumn ? `, ${versionColumn} AS v` : ''} FROM (${sql}) contados`, params);
  const n = Number(row?.n ?? 0);
  const versao = versionColumn ? String(row?.v) : undefined;
  return n > CONTAGEM_LIMITE ? { total: CONTAGEM_LIMITE, exato: false, versao } : { total: n, exato: true, versao };
}

/**
 * Sets `Content-Range: <resource> <start>-<end>/<total>` and returns the envelope. A count that
 * stopped at its limit answers `Content-Range: <resource> <start>-<end>/*` (RFC 9110: length
 * unknown) and `{ data, total: <limit>, totalExato: false }`.
 */
export function listResponse<R>(res: FastifyReply, resource: string, req: ListRequest, data: R[], count: number | Contagem): ListResult<R> {
  const { total, exato } = typeof count === 'number' ? { total: count, exato: true } : count;
  const end = data.length ? req.skip + data.length - 1 : req.skip;
  setListRange(res, `${resource} ${req.skip}-${end}/${exato ? total : '*'}`);
  return exato ? { data, total } : { data, total, totalExato: false };
}

/** A kept answer's JSON text as UTF-8 bytes, and its compressed bytes once a browser asked for them. */
interface KeptBytes {
  utf8: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/** The JSON text of answers kept whole (KeptAnswers), by the kept answer it was made from. */
const textos = new WeakMap<object, KeptBytes>();

/** The codings a kept answer is compressed in, best first (a browser's equal ratings pick brotli). */
const KEPT_ENCODINGS = ['br', 'gzip'] as const;

/**
 * The answer of a list kept whole (KeptAnswers), as the JSON text made the first time (serializing the
 * envelope was 4 % of a kept page's CPU and most of its garbage) — `body()` is still called on every
 * request, for the headers it sets (Content-Range). For a browser (Accept-Encoding gzip or br) the text
 * is also compressed once and the bytes kept with it: compressing on every request made a kept page
 * cost a third more CPU (brotli, +0.3 ms on a 20 KB page; issue 14). The same threshold and brotli
 * settings as the compression plugin, which leaves an answer already encoded alone. Either way the
 * kept bytes are the answer: Fastify sends a Buffer as it is, in one write.
 */
export function keptJson(res: FastifyReply, kept: object, body: () => object): Buffer {
  const made = body();
  let entry = textos.get(kept);
  if (entry === undefined) textos.set(kept, (entry = { utf8: Buffer.from(JSON.stringify(made)) }));
  return replyKept(res, entry);
}

/**
 * The kept bytes for this request, with their headers set on `res`: the only code of the read side that
 * reads the request or writes the reply through the HTTP framework (Fastify), so that another framework
 * changes this function alone. Compressed (compressedOnce) for a GET whose Accept-Encoding takes br or
 * gzip, when the text is COMPRESS_FROM bytes or more. Fastify sends the Buffer as it is, in one write.
 */
function replyKept(res: FastifyReply, entry: KeptBytes): Buffer {
  res.header('Content-Type', 'application/json; charset=utf-8');
  const req = res.request;
  if (entry.utf8.length < COMPRESS_FROM || req.method !== 'GET') return entry.utf8;
  const accepted = req.headers['accept-encoding'];
  const encoding = accepted ? (negotiate(accepted, [...KEPT_ENCODINGS]) as (typeof KEPT_ENCODINGS)[number] | null) : null;
  if (!encoding) return entry.utf8;
  const bytes = compressedOnce(entry, encoding);
  res.header('Vary', 'Accept-Encoding');
  res.header('Content-Encoding', encoding);
  return bytes;
}

/** The kept text compressed with `encoding`: the first time asked for, then the same bytes. */
function compressedOnce(entry: KeptBytes, encoding: 'br' | 'gzip'): Buffer {
  return (entry[encoding] ??= encoding === 'br' ? brotliCompressSync(entry.utf8, BROTLI_OPTIONS) : gzipSync(entry.utf8));
}

/** Swagger entries for the list parameters. */
export function ApiListQuery(filterHelp: string) {
  return applyDecorators(
    ApiQuery({ name: 'sort', required: false, description: 'JSON ["campo","ASC"|"DESC"]', example: '["createdAt","DESC"]' }),
    ApiQuery({ name: 'range', required: false, description: 'JSON [início, fim], inclusivo; até 200 itens', example: '[0,24]' }),
    ApiQuery({ name: 'filter', required: false, description: `JSON com filtros: ${filterHelp}`, example: '{"q":"texto"}' }),
  );
}

/** Swagger entries of a list's export: its sort and filters, no range (the whole list). */
export function ApiExportQuery(filterHelp: string) {
  return applyDecorators(
    ApiQuery({ name: 'sort', required: false, description: 'JSON ["campo","ASC"|"DESC"]', example: '["createdAt","DESC"]' }),
    ApiQuery({ name: 'filter', required: false, description: `JSON com filtros: ${filterHelp}`, example: '{"q":"texto"}' }),
  );
}

/** The text of a `q` filter, trimmed, or null. */
export function searchText(filter: Record<string, unknown>): string | null {
  const q = filter.q;
  if (typeof q !== 'string') return null;
  const t = q.trim();
  return t ? t.slice(0, 200) : null;
}

/**
 * Escapes LIKE wildcards so a search for "50%" means the text "50%". The escape character is "!"
 * because a backslash means different things in MySQL and SQLite string literals; use it with
 * LIKE_ESCAPE after the pattern.
 */
export function likeContains(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

export const LIKE_ESCAPE = "ESCAPE '!'";
