import type { DataVersions, VersionedTable } from './data-versions';
import { KeptByVersion } from './kept-by-version';

/**
 * "The hits of a search for term t", kept per term under the version of `tables` read before they were
 * looked up (what is read after a version is at least that new), at most `max` terms, the least recently
 * used dropped first, never by time. The caller decides when a kept value still holds: against the version
 * read now (`version`), or against the version a page's own statement reads (the registros' search takes
 * the clients it matched as they are, then checks them against the version its page read). While versions
 * are off nothing is kept and no version is read.
 */
export class KeptSearches<T> {
  private readonly kept: KeptByVersion<T>;

  constructor(
    private readonly versions: DataVersions,
    private readonly tables: readonly VersionedTable[],
    max: number,
  ) {
    this.kept = new KeptByVersion(max);
  }

  /** The hits kept for `term` and the version they were kept under (undefined: none, or versions off). */
  get(term: string): { version: string; value: T } | undefined {
    return this.versions.enabled ? this.kept.get(term) : undefined;
  }

  /** The version of the tables now (DataVersions.sumOf; null while versions are off). */
  async version(): Promise<string | null> {
    return this.versions.enabled ? this.versions.sumOf(this.tables) : null;
  }

  /** Keeps `term`'s hits under `version`, read before they were looked up (a null version keeps nothing). */
  set(term: string, version: string | null, value: T): void {
    if (version) this.kept.set(term, version, value);
  }
}
