import { Global, Injectable, Module } from '@nestjs/common';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { DataVersions, VersionedCache, type VersionedTable } from './data-versions';
import { isSqlite } from './fts';
import { KeptSearches } from './kept-searches';
import { ReadPool } from './read-pool';
import { ByKeyRun, rowById } from './row-by-id';
import { SearchIndexName, termRows, TermRows } from './search';
import { VersionedList } from './versioned-list';
import { seekOn, type SortSeek } from './versioned-pages';

/**
 * The read side behind one interface (issue 50): what features read through, and what it keeps for them.
 * - Reads run on the read pool (`manager`: SQLite's reader threads, MySQL/MariaDB's data source), point
 *   reads where they cost least (`pointByKey`, `signedInRow`).
 * - "The version of these tables" (`version`; a list's statements read it as `VersionedList.version`):
 *   DataVersions, counters bumped by triggers in the writing transaction.
 * - "A page of X for this actor with these filters" (`list`): a VersionedList keeps its answers, counts,
 *   deep pages (sought on `seek`) and the names its pages show under the version of its tables.
 * - "A search of X for term t" (`termRows`; indexHits): the trigram (SQLite) or suffix (MySQL/MariaDB) index;
 *   what a search found, kept per term by version (`searches`).
 * - Results derived from tables (`cache`: the reports): VersionedCache, while their versions hold.
 * Nothing here is per request but what the request asks for: the facade adds no statement and no object.
 */
@Injectable()
export class ReadSide {
  /** The entity manager of reads: its SELECTs run on the read pool (never for a transaction or a write). */
  readonly manager: EntityManager;
  /** Whether the database is SQLite (its rowids, its trigram indexes) rather than MySQL/MariaDB. */
  readonly sqlite: boolean;

  constructor(
    private readonly pool: ReadPool,
    private readonly versions: DataVersions,
  ) {
    this.manager = pool.manager;
    this.sqlite = isSqlite(pool.manager);
  }

  // ---------------------------------------------------------------- versions

  /** Whether data versions are used (the database took the triggers and DATA_VERSIONS is on; known at start-up): else nothing is kept by version. */
  get versioned(): boolean {
    return this.versions.enabled;
  }

  /**
   * The current version of `tables`, as versionColumn reads it inside a statement (DataVersions.sumOf): read
   * where only committed data is seen, or taken from the versions noted with the request's sign-in check.
   */
  version(tables: readonly VersionedTable[]): Promise<string> {
    return this.versions.sumOf(tables);
  }

  // ---------------------------------------------------------------- lists, searches, kept results

  /** A list of `entity` whose answers, counts and deep pages are kept under the version of `tables` (VersionedList). */
  list<T extends { id: string }, A>(entity: EntityTarget<T>, tables: readonly VersionedTable[]): VersionedList<T, A> {
    return new VersionedList<T, A>(this.versions, this.manager, entity, tables);
  }

  /**
   * The seek of a list's deep pages on `column` (tie-broken by `id`), read as text in the column's own order
   * on this database (seekOn; `datetime`: a DATETIME column, formatted on MySQL/MariaDB).
   */
  seek(column: string, id: string, datetime = false): SortSeek {
    return seekOn(this.sqlite, column, id, datetime);
  }

  /**
   * What a search found, per term (at most `max`), kept under the version of `tables` read before it was
   * looked up (KeptSearches): the clients a staff search of the registros matched.
   */
  searches<T>(tables: readonly VersionedTable[], max: number): KeptSearches<T> {
    return new KeptSearches<T>(this.versions, tables, max);
  }

  /**
   * "A search of X for term t": the rows of `index`'s table that may hold the folded term (SQLite's trigram
   * index, MySQL/MariaDB's suffix index; the caller's LIKE keeps exactly those holding it), or null when the
   * LIKE alone serves it (termRows). indexHits tells several terms' rows, and a common term, apart.
   */
  termRows(index: SearchIndexName, termo: string): Promise<TermRows | null> {
    return termRows(this.manager, index, termo);
  }

  /** Results by key, kept while the versions of the tables each was computed from hold (VersionedCache; at most `max`). */
  cache<T>(max?: number): VersionedCache<T> {
    return new VersionedCache<T>(this.versions, max);
  }

  // ---------------------------------------------------------------- point reads

  /**
   * The signed-in person, on every authenticated request: the row `id` of `target` with only `props` (rowById,
   * plain SQL) as a point read (pointByKey). A GET's statement also reads every table's data version and notes
   * them for the rest of the request (DataVersions.noteRequestVersions), so that its caches read none apart.
   */
  signedInRow<T extends ObjectLiteral, K extends keyof T & string>(target: EntityTarget<T>, id: string, props: readonly K[]): Promise<Pick<T, K> | null> {
    const versions = this.versions.requestVersionsColumn();
    return rowById(this.manager, target, id, props, this.point, versions, versions ? this.noteVersions : undefined);
  }

  /**
   * A point read by key (ReadPool.pointByKey): the statement is `${head}${placeholders})`, its rows carry their
   * key as `keyColumn`; on MySQL/MariaDB the keys asked for at the same time are read in one statement. The rows
   * are shared: not to be changed.
   */
  pointByKey<T extends Record<string, unknown>>(head: string, key: string, keyColumn: string): Promise<T[]> {
    return this.pool.pointByKey<T>(head, key, keyColumn);
  }

  private readonly point: ByKeyRun = (head, key, keyColumn) => this.pool.pointByKey(head, key, keyColumn);
  private readonly noteVersions = (value: unknown) => this.versions.noteRequestVersions(value);
}

/** The read side's providers, for the whole app: features inject ReadSide alone. */
@Global()
@Module({ providers: [ReadPool, DataVersions, ReadSide], exports: [ReadSide] })
export class ReadSideModule {}
