import type { DataSource, EntityManager } from 'typeorm';
import { insertRows, newId, requestWrites, withTransaction } from '../platform/database';
import { type Actor, currentContext, type RequestContext } from '../platform/request';
import { diffOf, diffText } from '../platform/audit-chain';
import { auditMac } from '../platform/audit-chain';
import { auditKeyOf } from '../platform/audit-chain';
import { Auditoria, AuditoriaCadeia } from './auditoria.entity';

/** What a caller says about a change; who, when and where come from the request context. */
export interface AuditEntry {
  acao: string;
  entidade: string;
  entidadeId?: string | null;
  /** field → [before, after] (or any small JSON object); denied keys are redacted. */
  diff?: Record<string, unknown> | null;
  /** Overrides the context's actor (sign-in failures, jobs). */
  ator?: Actor | null;
  /**
   * The client and the registro the entry belongs to (shown in their trails): a client's document
   * or charge, a registro's document. An entry filed under a client or a registro is its own context.
   */
  clienteId?: string | null;
  registroId?: string | null;
}

/** Context columns of an entry: given, or the entity itself when it is a client or a registro. */
function contextOf(entry: AuditEntry): { clienteId: string | null; registroId: string | null } {
  const own = (entidade: string) => (entry.entidade === entidade && entry.entidadeId ? String(entry.entidadeId) : null);
  return { clienteId: entry.clienteId ?? own('clientes'), registroId: entry.registroId ?? own('registros') };
}

/**
 * Rows whose next update is recorded without its values (which fields changed, not to what): an
 * LGPD erasure must not copy the very data it erases into a trail kept for years.
 */
const valuesHidden = new WeakSet<object>();

export function hideValuesInAudit(entity: object): void {
  valuesHidden.add(entity);
}

/** True once per marked row: the mark is spent by the update it was set for. */
export function takeHiddenValues(entity: object | undefined): boolean {
  return !!entity && valuesHidden.delete(entity);
}

/** The person's name, read once per request (the entry keeps it even if the person is renamed). */
const names = new WeakMap<RequestContext, Map<string, string | null>>();

async function actorName(m: EntityManager, ctx: RequestContext | undefined, actor: Actor): Promise<string | null> {
  if (!actor.id || actor.kind === 'sistema') return null;
  if (actor.nome) return actor.nome;
  const key = `${actor.kind}:${actor.id}`;
  const cache = ctx ? names.get(ctx) ?? new Map<string, string | null>() : new Map<string, string | null>();
  if (ctx) names.set(ctx, cache);
  if (cache.has(key)) return cache.get(key) ?? null;
  const [table, column] = actor.kind === 'user' ? ['users', 'nomeCompleto'] : ['clientes', 'razaoSocial'];
  const rows: Record<string, string>[] = await m.query(`SELECT ${column} AS nome FROM ${table} WHERE id = ?`, [actor.id]);
  const nome = rows[0]?.nome ?? null;
  cache.set(key, nome);
  return nome;
}

/**
 * Appends sharing a connection are queued here: TypeORM runs the subscribers of the rows of one
 * save at the same time, and on SQLite every transaction shares one connection, so the head's
 * read-then-write would interleave. Across MySQL/MariaDB connections the head row's lock orders them.
 */
const tails = new WeakMap<object, Promise<unknown>>();

function serialised<T>(m: EntityManager, work: () => Promise<T>): Promise<T> {
  const key: object = m.connection.options.type === 'better-sqlite3' ? m.connection : m.queryRunner ?? m.connection;
  const prev = tails.get(key) ?? Promise.resolve();
  const run = prev.then(work, work);
  tails.set(key, run.catch(() => undefined));
  return run;
}

/**
 * Appends one entry to the chain, through `m`: inside the caller's transaction, so the entry and
 * the change it records commit or roll back together. The head row is locked (UPDATE first) until
 * that transaction ends: two writers never take the same prev_hash.
 */
export async function appendAudit(m: EntityManager, entry: AuditEntry): Promise<Auditoria> {
  return (await appendAudits(m, [entry]))[0];
}

/**
 * Appends entries in this order, chained as one appendAudit after another would chain them, with
 * one read and one write of the head and multi-row INSERTs (the bulk path: the demo seeder).
 * Entries of one call share the actor's name lookup and the second they were written in.
 */
export async function appendAudits(m: EntityManager, entries: readonly AuditEntry[]): Promise<Auditoria[]> {
  if (!entries.length) return [];
  // Every audited write passes here, a repository's own save too (not through withTransaction).
  requestWrites();
  const ctx = currentContext();
  const named = await Promise.all(
    entries.map(async (entry) => {
      const actor: Actor = entry.ator ?? ctx?.actor ?? { kind: 'sistema', id: null };
      return { entry, actor, atorNome: await actorName(m, ctx, actor) };
    }),
  );
  return serialised(m, async () => {
    await m.query('UPDATE auditoria_cadeia SET seq = seq + ? WHERE id = 1', [entries.length]);
    const head = await m.findOneByOrFail(AuditoriaCadeia, { id: 1 });
    const key = auditKeyOf(m.connection);
    const em = new Date();
    em.setUTCMilliseconds(0);
    let seq = Number(head.seq) - entries.length;
    let prevHash = head.hash;
    const rows = named.map(({ entry, actor, atorNome }) => {
      const row = m.create(Auditoria, {
        id: newId(),
        seq: ++seq,
        em,
        atorTipo: actor.kind,
        atorId: actor.id ?? null,
        atorEmail: actor.email ?? null,
        atorNome,
        ip: ctx?.ip?.slice(0, 64) ?? null,
        requestId: ctx?.requestId ?? null,
        acao: entry.acao.slice(0, 60),
        entidade: entry.entidade.slice(0, 60),
        entidadeId: entry.entidadeId ?? null,
        diff: diffText(entry.diff),
        ...contextOf(entry),
        prevHash,
      });
      row.hash = auditMac(key, row);
      prevHash = row.hash;
      return row;
    });
    // Plain multi-row INSERTs: the query builder's named parameters cost more than the insert.
    await insertRows(m, Auditoria, rows);
    await m.query('UPDATE auditoria_cadeia SET hash = ? WHERE id = 1', [prevHash]);
    return rows;
  });
}

/** An entry of its own (an event that is no write: a sign-in, a download), in its own transaction. */
export function recordAudit(ds: DataSource, entry: AuditEntry): Promise<Auditoria> {
  return withTransaction(ds, (m) => appendAudit(m, entry));
}

/**
 * The entry of an UPDATE written by criteria (a query builder), which the entity subscriber cannot
 * see with its row: `before` is the row as read, `patch` what was set. Nothing when nothing changed.
 */
export async function auditUpdate(
  m: EntityManager,
  entry: Omit<AuditEntry, 'diff'>,
  before: object,
  patch: object,
  /** Said with the change (which item, for instance), as `[null, value]`. */
  context: Record<string, unknown> = {},
): Promise<void> {
  await auditUpdates(m, [{ entry, before, patch, context }]);
}

/** auditUpdate for many rows at once, their entries appended in this order. */
export async function auditUpdates(
  m: EntityManager,
  items: readonly { entry: Omit<AuditEntry, 'diff'>; before: object; patch: object; context?: Record<string, unknown> }[],
): Promise<void> {
  const entries: AuditEntry[] = [];
  for (const { entry, before, patch, context = {} } of items) {
    const diff = diffOf(before as Record<string, unknown>, { ...before, ...patch } as Record<string, unknown>, Object.keys(patch));
    if (!diff) continue;
    for (const [k, v] of Object.entries(context)) diff[k] = [null, v];
    entries.push({ ...entry, diff });
  }
  await appendAudits(m, entries);
}
