import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { KeptByVersion } from './kept-by-version';
import type { VersionedTable } from './data-versions';
import { Contagem, ListRequest, searchText } from './list-query';
import { PageAnchors } from './page-anchors';

/** A count, with the version of its tables its statement read when asked for (versionColumn). */
export type ContagemLida = Contagem & { versao?: string };

/** A page's rows and the version of the list's tables its statement read (null: not read, or no rows). */
export interface PaginaLida<T> {
  rows: T[];
  version: string | null;
}

/** The sort column a deep page seeks on: as ordered (`c.createdAt`), and read as text in its own order. */
export interface SortSeek {
  column: string;
  key: string;
  /** The row's id column (`c.id`), the tie-breaker of the order. */
  id: string;
}

/**
 * The pages of versioned lists (issue 14): lists whose every condition is on columns that bump their
 * tables' version (DataVersions, VERSIONED_TABLES), so that what was read under one version holds while
 * the version is unchanged. Two things are kept, per process, bounded, never by time:
 * - a list's count (KeptCounts.withCount), under the version the count's own statement read: the
 *   registros', the clients' and the mailbox's lists;
 * - rows noted at deep offsets of a list (VersionedPages.deepPage, PageAnchors), to seek to instead of
 *   walking: the registros' and the clients'.
 */
export class KeptCounts<T> {
  readonly counts = new KeptByVersion<Contagem>(500);

  /**
   * A page and its list's count. A versioned list (`key`: its count's query and version) keeps its count
   * while its tables' version is the one it was counted at: the page's own statement reads the version,
   * and when it is the kept one no count is run (a list request's count was a third of its queries).
   * Otherwise the count runs beside the page, as always, and is kept under the version its own
   * statement read — never under one read elsewhere, which could be newer than what it counted.
   */
  async withCount(key: string | null, count: () => Promise<ContagemLida>, read: () => Promise<PaginaLida<T>>): Promise<[T[], Contagem]> {
    const { rows, contagem } = await this.pageWithCount(key, count, read);
    return [rows, contagem];
  }

  /**
   * withCount, with the version the page's statement read (null: not read, or no rows) and whether the
   * count is of that same version (`mesmaVersao`: kept at it, or its own statement read it) — a count run
   * beside the page may have read another snapshot, which is fine for one answer but not for keeping it.
   */
  async pageWithCount(
    key: string | null,
    count: () => Promise<ContagemLida>,
    read: () => Promise<PaginaLida<T>>,
  ): Promise<PaginaLida<T> & { contagem: Contagem; mesmaVersao: boolean }> {
    const kept = key ? this.counts.get(key) : undefined;
    const counting = kept ? null : count();
    counting?.catch(() => undefined); // awaited below; not an unhandled rejection if the page fails first
    const page = await read();
    if (kept && page.version !== null && kept.version === page.version) return { ...page, contagem: kept.value, mesmaVersao: true };
    const c = await (counting ?? count());
    const contagem = { total: c.total, exato: c.exato };
    if (key && c.versao !== undefined) this.counts.set(key, c.versao, contagem);
    return { ...page, contagem, mesmaVersao: page.version !== null && c.versao === page.version };
  }
}

/** What KeptAnswers reads of DataVersions: whether versions are kept at all, and their current sum (read, or as noted with the request). */
export interface CurrentVersions {
  readonly enabled: boolean;
  sumOf(tables: readonly VersionedTable[]): Promise<string>;
  notedSumOf?(tables: readonly VersionedTable[]): string | null;
}

/** Pages up to this many rows are kept whole (KeptAnswers): the screens' (25, 50, 100), not an export's. */
export const KEPT_ANSWER_ROWS = 100;

/**
 * Whole answers of a versioned list (a page's responses and its count), kept under the version of the
 * list's `tables` that the answer is known to be at, and given again while a version read first is still
 * that one (nothing the answer shows has changed since: the version covers every column it shows,
 * VERSIONED_TABLES). `context` is what else the answer was made from (the calendar's set of holidays, by
 * identity): another one is a miss. Repeated pages — the first page of a screen opened by the whole team, a
 * page refreshed — then cost one small read of the version instead of the page's statements, the rows'
 * hydration and their mapping (issue 14). At most `max` answers (a 100-row page and its text are ~0.3 MB
 * at most, so ~30 MB per list), least recently used dropped first, never by time. Whoever takes an answer
 * must not change it.
 */
export class KeptAnswers<T> {
  private readonly kept: KeptByVersion<{ value: T; context: unknown }>;
  /** The answers being made, by key: with the version read before each began, and its context. */
  private readonly making = new Map<string, { at: string; context: unknown; answer: Promise<T> }>();
  /** How many answers were made rather than given again (tests). */
  made = 0;

  constructor(
    private readonly versions: CurrentVersions,
    private readonly tables: readonly VersionedTable[],
    max = 100,
  ) {
    this.kept = new KeptByVersion(max);
  }

  /**
   * The answer to `req` (under `key`, which names everything else it depends on): the kept one when the
   * version read now (where only committed data is seen) is the one it was kept under and `context` is the
   * same; else `make()`'s, kept under the version it tells (its page's statement read it, and the count is
   * of it too), or else under a version read before it was made — the one just compared when a kept answer
   * was stale, or for a search one read first (a term nobody has is a page with no row to carry a version).
   * An answer made after reading a version shows data at least that new, so it may be kept under it: given
   * again only while the version is still that one, nothing has changed since. Not kept without versions,
   * nor past KEPT_ANSWER_ROWS rows.
   *
   * While an answer is being made, the same request (key and context) at the same version waits for it
   * instead of making its own: after a write, the screens open on a page ask for it again all at once, and
   * each would otherwise make it. The same version means nothing was written between the two reads of it,
   * and the answer is made after the first, so it shows everything the waiting request could see — a request
   * after its own write reads a newer version and makes its own. A failed answer fails those who waited.
   */
  async answer(key: string, req: ListRequest, context: unknown, make: () => Promise<{ value: T; version: string | null }>): Promise<T> {
    if (!this.versions.enabled || req.take > KEPT_ANSWER_ROWS) return (await make()).value;
    const current = () => this.versions.sumOf(this.tables);
    const kept = this.kept.get(key);
    let now: string | null = null;
    if (kept && kept.value.context === context) {
      now = await current();
      if (kept.version === now) return kept.value.value;
    }
    const flight = this.making.get(key);
    if (flight && flight.context === context) {
      now ??= await current();
      if (flight.at === now) return flight.answer;
    }
    this.made++;
    const antes = now ?? (searchText(req.filter) ? await current() : null);
    const answer = make().then(({ value, version }) => {
      const at = version ?? antes;
      if (at !== null) this.kept.set(key, at, { value, context });
      return value;
    });
    // Others may wait for it when the version it is made after is known (read above, or noted with the request).
    const at = antes ?? this.versions.notedSumOf?.(this.tables) ?? null;
    if (at !== null) {
      const entry = { at, context, answer };
      this.making.set(key, entry);
      const done = () => {
        if (this.making.get(key) === entry) this.making.delete(key);
      };
      answer.then(done, done);
    }
    return answer;
  }
}

/** KeptCounts, and the deep pages of lists read by id (the registros', the clients'). */
export class VersionedPages<T extends { id: string }> extends KeptCounts<T> {
  readonly anchors = new PageAnchors();
  /** From this offset a versioned list's page seeks from a noted row (tests lower it). */
  anchorFrom = 2_000;

  /** `rowsOf`: the rows with these ids, in this order (a row deleted meanwhile left out). */
  constructor(readonly rowsOf: (ids: string[]) => Promise<T[]>) {
    super();
  }

  /** Whether `req`'s page is deep enough, in the order `seek` is on, to go through deepPage. */
  seeks(req: ListRequest, seek: SortSeek | null): seek is SortSeek {
    return !!seek && req.sortColumn === seek.column && req.skip >= this.anchorFrom;
  }

  /**
   * A page's ids in order (`qb`: ordered, with its offset and limit; from an index alone when the index
   * ends with the sort column and id), then those rows by primary key, so a deep page never drags
   * whole rows through the skipped ones; with the version read in the ids' statement.
   */
  async idsThenRows(qb: SelectQueryBuilder<ObjectLiteral>, id: string, version: string | null): Promise<PaginaLida<T>> {
    const idRows = await qb
      .select(id, 'id')
      .addSelect(version ?? 'NULL', 'v')
      .getRawMany<{ id: string; v: unknown }>();
    return { rows: await this.rowsOf(idRows.map((r) => r.id)), version: idRows.length && version ? String(idRows[0].v) : null };
  }

  /**
   * A deep page, from the nearest row noted at or before its offset (PageAnchors): the list's
   * (…, sort column, id) index sought to that row and only the rows between it and the page walked,
   * whole rows in one statement, instead of every index entry before the page (100,000 for page 4,000
   * of the registros). The statement also reads the version (`version`: versionColumn of the list's
   * tables): if it is not the one the row was noted at, rows have moved since, and the page is walked
   * from the start (ids, then their rows) and its first row noted in turn. `ordered`: the list's query
   * with its ORDER BY (sort column, then id, in req.sortOrder).
   */
  async deepPage(ordered: () => SelectQueryBuilder<T & ObjectLiteral>, req: ListRequest, version: string, seek: SortSeek): Promise<PaginaLida<T>> {
    const qb = ordered();
    const list = JSON.stringify([...qb.getQueryAndParameters(), req.sortOrder, version]);
    const hint = this.anchors.nearest(list, req.skip);
    if (hint) {
      // At or after the noted row in the list's order: (key, id) ≤ (noted) descending, ≥ ascending.
      const op = req.sortOrder === 'DESC' ? '<' : '>';
      const { raw, entities } = await qb
        .andWhere(`${seek.column} ${op}= :anchorKey AND (${seek.column} ${op} :anchorKey OR ${seek.id} ${op}= :anchorId)`, {
          anchorKey: hint.anchor.key,
          anchorId: hint.anchor.id,
        })
        .addSelect(seek.key, 'anchor_k')
        .addSelect(version, 'anchor_v')
        .offset(req.skip - hint.anchor.offset)
        .limit(req.take)
        .getRawAndEntities<{ anchor_k: unknown; anchor_v: unknown }>();
      if (raw.length && String(raw[0].anchor_v) === hint.version) {
        this.anchors.note(list, hint.version, { offset: req.skip, key: String(raw[0].anchor_k), id: entities[0].id });
        return { rows: entities, version: hint.version };
      }
    }
    const rows = await ordered()
      .select(seek.id, 'id')
      .addSelect(seek.key, 'k')
      .addSelect(version, 'v')
      .offset(req.skip)
      .limit(req.take)
      .getRawMany<{ id: string; k: unknown; v: unknown }>();
    if (rows.length) this.anchors.note(list, String(rows[0].v), { offset: req.skip, key: String(rows[0].k), id: rows[0].id });
    return { rows: await this.rowsOf(rows.map((r) => r.id)), version: rows.length ? String(rows[0].v) : null };
  }
}

/**
 * The seek of `column` (tie-broken by `id`): read as text in the column's own order — SQLite stores
 * dates as text; MySQL's DATETIME (to the second) as 'YYYY-MM-DD hh:mm:ss', which compares back exactly.
 */
export function seekOn(sqlite: boolean, column: string, id: string, datetime = false): SortSeek {
  return { column, id, key: datetime && !sqlite ? `DATE_FORMAT(${column}, '%Y-%m-%d %H:%i:%s')` : column };
}

/** qb's rows (ordered, with offset and limit), and `version` read in the same statement when given. */
export async function rowsWithVersion<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, version: string | null): Promise<PaginaLida<T>> {
  if (!version) return { rows: await qb.getMany(), version: null };
  const { raw, entities } = await qb.addSelect(version, 'list_v').getRawAndEntities<{ list_v: unknown }>();
  return { rows: entities, version: raw.length ? String(raw[0].list_v) : null };
}

/**
 * Values a list page shows beside its rows, by id per table (the registros' client and staff names), kept
 * under the version the page's statement read (it covers those tables: versionColumn): while pages read
 * that version, only ids not seen yet are fetched (a page's two name queries were a third of its
 * statements). A page at another version starts the kept values again. A value fetched after the version
 * was read is at least that new, so nothing older than its version is ever kept under it. Bounded.
 */
export class PageNames {
  private version: string | null = null;
  private readonly byTable = new Map<string, Map<string, string>>();
  private size = 0;

  constructor(private readonly max = 20_000) {}

  /** `ids`' values: kept ones under `version` (null: none kept, all fetched), the rest by `fetch`. */
  async of(table: string, ids: string[], version: string | null, fetch: (ids: string[]) => Promise<Map<string, string>>): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    if (version === null) return fetch(ids);
    if (version !== this.version) this.restart(version);
    const kept = this.tableOf(table);
    const missing = ids.filter((id) => !kept.has(id));
    if (!missing.length) return kept;
    const fetched = await fetch(missing);
    // Kept only if no page of another version restarted them meanwhile.
    if (this.version === version) {
      if (this.size + fetched.size > this.max) this.restart(version);
      const into = this.tableOf(table);
      for (const [id, v] of fetched) into.set(id, v);
      this.size += fetched.size;
    }
    return new Map([...ids.flatMap((id) => (kept.has(id) ? [[id, kept.get(id)!] as const] : [])), ...fetched]);
  }

  private restart(version: string): void {
    this.version = version;
    this.byTable.clear();
    this.size = 0;
  }

  private tableOf(table: string): Map<string, string> {
    let m = this.byTable.get(table);
    if (!m) this.byTable.set(table, (m = new Map()));
    return m;
  }
}
