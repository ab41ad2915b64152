/**
 * Requests derived from the contract (one arbitrary per operation), sent as one of the identities,
 * and what the fuzzer learns from the answers (ids that exist, to aim at real records).
 */
import fc from 'fast-check';
import { encodeLoose, fillPath, Operation, Param, Schema } from './contract';
import { bodyJson, deepJson, hostileJson, hostileString, listParam, pathValue, plausible, uploadFile } from './hostile';

export type Identity = 'anonimo' | 'forjado' | 'cliente' | 'master' | 'associado';
export const IDENTITIES: Identity[] = ['anonimo', 'forjado', 'cliente', 'master', 'associado'];

type PathChoice = { pool: number } | { value: string };
type Body =
  | { kind: 'none' }
  | { kind: 'text'; contentType: string; text: string }
  | { kind: 'multipart'; fields: [string, string][]; files: { field: string; name: string; type: string; bytes: string }[] };

/** A request as generated: abstract where it points at existing records (resolved when sent). */
export interface FuzzCase {
  op: Operation;
  as: Identity;
  path: Record<string, PathChoice>;
  query: [string, string][];
  body: Body;
}

/** What a case became on the wire. */
export interface SentRequest {
  method: string;
  url: string;
  as: Identity;
  contentType?: string;
  /** The body as sent, cut to 2,000 characters for printing. */
  bodyPreview: string;
  /** Everything the request carried, to tell an echo of the input from a leak. */
  fullText: string;
  /** Size of a text body in bytes (0 for none or multipart). */
  bodyBytes: number;
}

const LIST_PARAMS = new Set(['sort', 'range', 'filter']);

/** Field names a list's filter description mentions (`q (...)`, `status (...)`, "Ordenáveis: a, b"). */
export function namesInDescription(description = ''): { filters: string[]; sortable: string[] } {
  const [filterPart, sortPart = ''] = description.split(/Ordenáveis:/);
  const filters = [...filterPart.replace(/^JSON com filtros:/, '').matchAll(/(?:^|[,;:)]\s*)([a-zA-Z_]\w*)\s*(?=\(|,|$)/g)].map((m) => m[1]);
  const sortable = [...sortPart.matchAll(/\b([a-zA-Z_]\w*)\b(?=\s*(?:,|;|\(|$))/g)].map((m) => m[1]).filter((w) => !['padrão', 'depois', 'ASC', 'DESC'].includes(w));
  return { filters: [...new Set(filters)], sortable: [...new Set(sortable)] };
}

function queryArb(op: Operation, p: Param & { description?: string }): fc.Arbitrary<string> {
  if (LIST_PARAMS.has(p.name)) {
    const filterParam = op.queryParams.find((q) => q.name === 'filter') as (Param & { description?: string }) | undefined;
    const names = namesInDescription(filterParam?.description);
    const fields = p.name === 'filter' ? names.filters : [...names.sortable, 'createdAt', 'updatedAt', 'id', 'nome', 'status'];
    return listParam(p.name, fields);
  }
  return fc.oneof(plausible(p.schema, p.name).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')), hostileString);
}

function pathArb(p: Param): fc.Arbitrary<PathChoice> {
  if (p.schema.enum?.length) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...p.schema.enum.map(String)).map((value) => ({ value })) }, { weight: 1, arbitrary: pathValue });
  if (/id$/i.test(p.name)) return pathValue;
  return fc.oneof(plausible(p.schema, p.name).map((v) => ({ value: String(v) })), hostileString.map((value) => ({ value })));
}

function multipartArb(schema: Schema): fc.Arbitrary<Body> {
  const props = Object.entries(schema.properties ?? {});
  const binaries = props.filter(([, s]) => s.format === 'binary').map(([k]) => k);
  const fields = fc.tuple(
    ...props
      .filter(([, s]) => s.format !== 'binary')
      .map(([k, s]) => fc.option(fc.oneof(plausible(s, k).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')), hostileString), { freq: 3 }).map((v) => (v === null ? null : ([k, v] as [string, string])))),
  );
  const fileField = fc.oneof(fc.constantFrom(...(binaries.length ? binaries : ['arquivo']), 'attachments', 'arquivo'), hostileString.filter((s) => s.length < 100));
  const files = fc.array(fc.tuple(fileField, uploadFile).map(([field, f]) => ({ field, ...f })), { minLength: binaries.length ? 0 : 0, maxLength: 2 });
  return fc.tuple(fields, files).map(([f, fl]) => ({ kind: 'multipart' as const, fields: f.filter((e): e is [string, string] => e !== null), files: fl }));
}

function bodyArb(op: Operation): fc.Arbitrary<Body> {
  const text = (contentType: string, a: fc.Arbitrary<string>) => a.map((t): Body => ({ kind: 'text', contentType, text: t }));
  const junk = fc.oneof(
    text('application/json', fc.constantFrom('{', '{"a":', 'nul', '[1,]', '\u0000', '{"a":1}{"b":2}')),
    text('application/json', hostileJson),
    text('text/plain', hostileString),
    text('application/x-www-form-urlencoded', fc.constantFrom('__proto__[admin]=1&a=b', 'a=%zz', 'constructor[prototype][x]=1')),
    text('application/json', deepJson),
  );
  if (op.method === 'GET') return fc.constant<Body>({ kind: 'none' }); // fetch sends no body with GET
  if (!op.bodies.length) {
    return fc.oneof({ weight: 6, arbitrary: fc.constant<Body>({ kind: 'none' }) }, { weight: 1, arbitrary: junk });
  }
  const shaped = op.bodies.map((b) => (b.contentType.includes('multipart') ? multipartArb(b.schema) : text(b.contentType, bodyJson(b.schema))));
  return fc.oneof({ weight: 7, arbitrary: fc.oneof(...shaped) }, { weight: 2, arbitrary: junk }, { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) });
}

/** Who sends it: on a route that needs a token, the signed-in identities most of the time. */
function identityArb(op: Operation): fc.Arbitrary<Identity> {
  const w = (who: Identity, weight: number) => ({ weight, arbitrary: fc.constant(who) });
  return fc.oneof(w('anonimo', op.secured ? 1 : 3), w('forjado', 1), w('cliente', 3), w('master', 3), w('associado', 3));
}

export function caseArb(op: Operation): fc.Arbitrary<FuzzCase> {
  const path = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, pathArb(p)])));
  const listed = op.queryParams.map((p) => fc.option(queryArb(op, p), { freq: 4 }).map((v) => (v === null ? null : ([p.name, v] as [string, string]))));
  const extra = fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'filter[__proto__]', 'sort[]', 'q', 'range'), hostileString.filter((s) => s.length < 2000)), { freq: 5 });
  const query = fc.tuple(fc.tuple(...listed), extra).map(([l, x]) => [...l.filter((e): e is [string, string] => e !== null), ...(x ? [x] : [])]);
  return fc.record({ op: fc.constant(op), as: identityArb(op), path, query, body: bodyArb(op) });
}

/** `/api/clientes/{id}/cnpj-info` → `clientes`: ids learned on a resource are aimed at it first. */
export const resourceOf = (path: string) => path.split('/')[2] ?? '';

/** Ids met in answers, aimed at by path parameters; the protected ones are never written to. */
export class IdPool {
  private readonly all: string[] = [];
  private readonly byResource = new Map<string, string[]>();
  constructor(readonly protectedIds: Set<string>) {}

  /** Collects `_id`/`id` uuids from a JSON answer of `resource`, up to a few hundred. */
  learn(value: unknown, resource: string, depth = 0): void {
    if (depth > 4 || value === null || typeof value !== 'object' || this.all.length >= 400) return;
    if (Array.isArray(value)) return value.slice(0, 30).forEach((v) => this.learn(v, resource, depth + 1));
    for (const [k, v] of Object.entries(value)) {
      if ((k === '_id' || k === 'id') && typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v)) {
        if (!this.all.includes(v)) this.all.push(v);
        // Only top-level records belong to the resource (a registro's clienteId does not).
        const own = this.byResource.get(resource) ?? [];
        if (depth <= 2 && !own.includes(v)) this.byResource.set(resource, [...own, v]);
      } else if (typeof v === 'object') this.learn(v, resource, depth + 1);
    }
  }

  /**
   * The protected client's own erasure request: approving it would anonymise that client and end
   * its session, by design (LGPD), and every later request of the run made as the client would
   * only say 401. Its ids join the protected ones before anyone can aim at them.
   */
  protectIfErasure(identity: Identity, path: string, value: unknown): void {
    if (identity !== 'cliente' || !path.endsWith('/eliminacao')) return;
    const data = (value as { data?: { _id?: unknown; id?: unknown } } | null)?.data;
    for (const id of [data?._id, data?.id]) if (typeof id === 'string') this.protectedIds.add(id);
  }

  /** Four times in five an id of the same resource when one is known, else any. */
  pick(i: number, resource: string, forWriting: boolean): string {
    const usable = (ids: string[]) => (forWriting ? ids.filter((id) => !this.protectedIds.has(id)) : ids);
    const own = usable(this.byResource.get(resource) ?? []);
    const choices = own.length && i % 5 !== 0 ? own : usable(this.all);
    return choices.length ? choices[Math.floor(i / 5) % choices.length] : '00000000-0000-4000-8000-000000000000';
  }

  get size(): number {
    return this.all.length;
  }
}

/** The URL, headers and body of a case, ready for fetch. */
export function materialise(c: FuzzCase, base: string, pool: IdPool, tokens: Record<Identity, string | null>): { url: string; init: RequestInit; sent: SentRequest } {
  const writing = c.op.method !== 'GET';
  const values = Object.fromEntries(Object.entries(c.path).map(([k, v]) => [k, 'pool' in v ? pool.pick(v.pool, resourceOf(c.op.path), writing) : v.value]));
  // A write aimed at an identity the run needs is turned to an id that does not exist (docs/adr/0043-three-test-tiers-and-the-adversarial-suite.md).
  for (const [k, v] of Object.entries(values)) if (writing && pool.protectedIds.has(v)) values[k] = '00000000-0000-4000-8000-000000000000';
  const qs = c.query.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join('&');
  const url = base + fillPath(c.op.path, values) + (qs ? `?${qs}` : '');
  const headers: Record<string, string> = {};
  const token = tokens[c.as];
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  let preview = '';
  let contentType: string | undefined;
  if (c.body.kind === 'text') {
    headers['content-type'] = contentType = c.body.contentType;
    body = c.body.text;
    preview = c.body.text;
  } else if (c.body.kind === 'multipart') {
    const form = new FormData();
    for (const [k, v] of c.body.fields) form.append(k, v);
    for (const f of c.body.files) form.append(f.field, new Blob([Buffer.from(f.bytes, 'latin1')], { type: f.type }), f.name);
    body = form;
    contentType = 'multipart/form-data';
    preview = JSON.stringify({ fields: c.body.fields, files: c.body.files.map((f) => ({ field: f.field, name: f.name, type: f.type, bytes: f.bytes.length })) });
  }
  const fullText = [c.op.path, ...Object.values(values), ...c.query.flat(), c.body.kind === 'text' ? c.body.text : preview].join('\n');
  return {
    url,
    init: { method: c.op.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(20_000) },
    sent: { method: c.op.method, url: url.slice(0, 600), as: c.as, contentType, bodyPreview: preview.slice(0, 2000), fullText, bodyBytes: c.body.kind === 'text' ? Buffer.byteLength(c.body.text) : 0 },
  };
}
