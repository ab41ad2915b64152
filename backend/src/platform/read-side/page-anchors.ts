import { KeptByVersion } from './kept-by-version';

/** Where a row sits in a list: its offset, and its sort key and id (to seek to it through an index). */
export interface Anchor {
  offset: number;
  key: string;
  id: string;
}

/**
 * Deep pages of a list without walking the rows before them (issue 14: page 4,000 of 200,000 registros).
 * An OFFSET of 100,000 walks 100,000 index entries for every request. The first deep page of a list
 * still does; it also notes its first row's sort key and id at that offset, with the version of the
 * list's tables its statement read (DataVersions: any insert, delete or change of a listed column
 * moves rows). A later page of the same list (same conditions, same order) seeks to the nearest noted
 * row at or before it through the list's (key, id) index and walks only the rest, and keeps what it
 * read only if its own statement saw the same version — else it walks. So only lists whose every
 * condition is on versioned columns may use it. Bounded: `maxLists` lists, `perList` offsets each,
 * the least recently used dropped.
 */
export class PageAnchors {
  private readonly lists: KeptByVersion<Anchor[]>;

  constructor(
    maxLists = 100,
    private readonly perList = 32,
  ) {
    this.lists = new KeptByVersion(maxLists);
  }

  /** The noted row nearest at or before `offset` in the list `list`, and the version it was noted at. */
  nearest(list: string, offset: number): { version: string; anchor: Anchor } | null {
    const entry = this.lists.get(list);
    if (!entry) return null;
    let best: Anchor | null = null;
    for (const a of entry.value) if (a.offset <= offset && (!best || a.offset > best.offset)) best = a;
    return best && { version: entry.version, anchor: best };
  }

  /** Notes a row seen at `version`; the rows noted at another version are forgotten. */
  note(list: string, version: string, anchor: Anchor): void {
    const entry = this.lists.get(list);
    const anchors = entry && entry.version === version ? entry.value : [];
    if (!anchors.some((a) => a.offset === anchor.offset)) {
      anchors.push(anchor);
      if (anchors.length > this.perList) anchors.shift();
    }
    this.lists.set(list, version, anchors);
  }

  /** How many lists have noted rows (tests). */
  get size(): number {
    return this.lists.size;
  }
}
