import { EntityManager, EntityTarget, FindOptionsWhere, In, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { selectIn } from './select-in';
import type { ListRequest } from './list-query';
import { versionColumn, type DataVersions, type VersionedTable } from './data-versions';
import { KeptAnswers, PageNames, PaginaLida, rowsWithVersion, VersionedPages } from './versioned-pages';

/**
 * "A page of X for this actor with these filters": a list whose every condition is on columns that bump
 * the version of its `tables` (VERSIONED_TABLES), so that what was read under one version holds while the
 * version is unchanged. The feature builds the page's statements (its filters, the actor's scope, the
 * order) and the list keeps, per process and bounded, never by time:
 * - whole answers (`answer`, KeptAnswers): a page's responses and count, given again for one small read
 *   of the version;
 * - counts (`pageWithCount`, KeptCounts), under the version the count's own statement read;
 * - rows noted at deep offsets (`deepPage`, PageAnchors), sought to instead of walking the rows before;
 * - the names its pages show beside their rows (`names`, PageNames), under the version a page read.
 * Its statements read the version with `version` (a column; null while versions are off, and then nothing
 * is kept); a shallow page's rows come with it through `rows`, deeper ones by id through `rowsOf`
 * (`idsThenRows`), on the read pool.
 */
export class VersionedList<T extends { id: string }, A> extends VersionedPages<T> {
  private readonly answers: KeptAnswers<A>;
  private readonly column: string;
  /** The names pages show, kept under the version their statement read (names). */
  private readonly shown = new PageNames();

  constructor(
    private readonly versions: DataVersions,
    private readonly manager: EntityManager,
    entity: EntityTarget<T>,
    tables: readonly VersionedTable[],
  ) {
    super((ids) => rowsInOrder(manager, entity, ids));
    this.answers = new KeptAnswers(versions, tables);
    this.column = versionColumn(tables);
  }

  /** The version of the list's tables as a column of its statements (versionColumn), or null while versions are off. */
  get version(): string | null {
    return this.versions.enabled ? this.column : null;
  }

  /** KeptAnswers.answer: the kept answer to `req` under `key` while the version holds, else `make()`'s. */
  answer(key: string, req: ListRequest, context: unknown, make: () => Promise<{ value: A; version: string | null }>): Promise<A> {
    return this.answers.answer(key, req, context, make);
  }

  /** How many answers were made rather than given again (tests). */
  get made(): number {
    return this.answers.made;
  }

  /** qb's rows (ordered, with offset and limit: a shallow page), and `version` read in the same statement when given (rowsWithVersion). */
  rows<R extends ObjectLiteral>(qb: SelectQueryBuilder<R>, version: string | null): Promise<PaginaLida<R>> {
    return rowsWithVersion(qb, version);
  }

  /**
   * `column` of the rows of `table` with these ids, by id: the names a page shows beside its rows (a
   * registro's client and person in charge), those kept under `version` (the version the page's statement
   * read, which covers `table`; null: none kept) and the others fetched in plain SQL on the read pool
   * (PageNames). `table` and `column` are the caller's constants, never input.
   */
  names(table: string, column: string, ids: string[], version: string | null): Promise<Map<string, string>> {
    return this.shown.of(table, ids, version, (missing) => valuesById(this.manager, table, column, missing));
  }
}

/**
 * `column` of the rows of `table` with these ids, by id, in plain SQL (on every page the query builder and
 * entity hydration cost more than the lookup itself).
 */
async function valuesById(manager: EntityManager, table: string, column: string, ids: string[]): Promise<Map<string, string>> {
  const rows = await selectIn<{ id: string; v: string }>(manager, ids, (list) => `SELECT id, ${column} AS v FROM ${table} WHERE id IN (${list})`);
  return new Map(rows.map((r) => [r.id, r.v]));
}

/** The rows of `entity` with these ids, in this order (one read by primary key; a row deleted meanwhile is left out). */
export async function rowsInOrder<T extends { id: string }>(manager: EntityManager, entity: EntityTarget<T>, ids: string[]): Promise<T[]> {
  if (!ids.length) return [];
  const byId = new Map((await manager.find(entity, { where: { id: In(ids) } as FindOptionsWhere<T> })).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => !!r);
}

/**
 * A page of a list that keeps nothing (no VersionedList): `ordered`'s ids (with its ORDER BY, offset and
 * limit; `id` its id column) from the index that ends with the order's columns, then those rows by primary
 * key on `manager`. The skipped rows are walked as index entries only, never read whole (issue 57, ADR 0060).
 */
export async function pageByIds<T extends { id: string }>(manager: EntityManager, entity: EntityTarget<T>, ordered: SelectQueryBuilder<ObjectLiteral>, id: string): Promise<T[]> {
  const ids = await ordered.select(id, 'id').getRawMany<{ id: string }>();
  return rowsInOrder(manager, entity, ids.map((r) => r.id));
}
