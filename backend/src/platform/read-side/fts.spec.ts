import { DataSource } from 'typeorm';
import { FTS_SELECTIVE_BELOW, ftsRowids, termCandidates, trigramsOf } from './fts';

/** An in-memory SQLite database with one trigram table holding `rows` texts. */
async function withTexts(rows: string[]): Promise<DataSource> {
  const ds = new DataSource({ type: 'better-sqlite3', database: ':memory:' });
  await ds.initialize();
  await ds.query(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'trigram')`);
  await ds.transaction(async (m) => {
    for (const text of rows) await m.query('INSERT INTO t (x) VALUES (?)', [text]);
  });
  return ds;
}

describe('ftsRowids', () => {
  const sources: DataSource[] = [];
  afterEach(async () => {
    jest.restoreAllMocks();
    await Promise.all(sources.splice(0).map((ds) => ds.destroy()));
  });

  it('gives the rows of a rare term and null for a common one', async () => {
    const ds = await withTexts([...Array(FTS_SELECTIVE_BELOW).fill('comercio'), 'padaria', 'padaria estrela']);
    sources.push(ds);
    expect(await ftsRowids(ds, 't', '"padaria"')).toEqual([FTS_SELECTIVE_BELOW + 1, FTS_SELECTIVE_BELOW + 2]);
    expect(await ftsRowids(ds, 't', '"comercio"')).toBeNull();
    expect(await ftsRowids(ds, 't', '"zzz"')).toEqual([]);
  });

  it('remembers "common" for a minute, per database, then asks the index again', async () => {
    const ds = await withTexts(Array(FTS_SELECTIVE_BELOW).fill('comercio'));
    const other = await withTexts(['comercio']);
    sources.push(ds, other);
    const query = jest.spyOn(ds, 'query');
    expect(await ftsRowids(ds, 't', '"comercio"')).toBeNull();
    expect(query).toHaveBeenCalledTimes(1);

    await ds.query('DELETE FROM t WHERE rowid > 2');
    query.mockClear();
    // Within the minute the verdict chooses the plan without a lookup (the LIKE plan would still
    // find exactly the two rows left); another database is asked for its own.
    expect(await ftsRowids(ds, 't', '"comercio"')).toBeNull();
    expect(query).not.toHaveBeenCalled();
    expect(await ftsRowids(other, 't', '"comercio"')).toEqual([1]);

    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expect(await ftsRowids(ds, 't', '"comercio"')).toEqual([1, 2]);
    expect(query).toHaveBeenCalledTimes(1);
  });
});

describe('termCandidates', () => {
  const sources: DataSource[] = [];
  afterEach(async () => {
    jest.restoreAllMocks();
    await Promise.all(sources.splice(0).map((ds) => ds.destroy()));
  });

  /** Rows holding `term` in the table, by LIKE (what the callers keep of the candidates). */
  const holding = async (ds: DataSource, term: string) =>
    ((await ds.query(`SELECT rowid FROM t WHERE x LIKE ? ORDER BY rowid`, [`%${term}%`])) as { rowid: number }[]).map((r) => r.rowid);

  it('reads the rarest trigrams of a long term: every row holding it, few others, without the phrase', async () => {
    // "contato." and ".mwz" in every row (a domain), "1495" in a few: as the seeded mailbox has them.
    const texts = Array.from({ length: FTS_SELECTIVE_BELOW + 50 }, (_, i) => `contato.atlantico${i}.mwzvr3xg@exemplo`);
    texts.push('outro contato.atlantico1495.mwzvr3xg', 'sem o termo: atlantico1495');
    const ds = await withTexts(texts);
    sources.push(ds);
    const term = 'contato.atlantico1495.mwzvr3xg';
    const query = jest.spyOn(ds, 'query');
    const rows = await termCandidates(ds, 't', [term]);
    const want = await holding(ds, term);
    expect(want.length).toBe(2);
    expect(rows).not.toBeNull();
    expect(rows!.length).toBeLessThanOrEqual(10);
    for (const id of want) expect(rows).toContain(id);
    // The counts in one query, then the rarest trigrams ANDed: no phrase lookup.
    const matches = query.mock.calls.map(([, params]) => (params as string[] | undefined)?.[0]).filter((p) => typeof p === 'string');
    expect(matches.some((p) => p!.includes(' AND '))).toBe(true);
    expect(matches).not.toContain(`"${term}"`);
  });

  it('chooses with remembered counts but reads the rows as they are now', async () => {
    const ds = await withTexts([...Array(FTS_SELECTIVE_BELOW).fill('comercio central'), 'padaria estrela do norte']);
    sources.push(ds);
    const term = 'estrela do norte';
    expect(await termCandidates(ds, 't', [term])).toEqual([FTS_SELECTIVE_BELOW + 1]);
    await ds.query('INSERT INTO t (x) VALUES (?)', ['mercearia estrela do norte']);
    const query = jest.spyOn(ds, 'query');
    const rows = await termCandidates(ds, 't', [term]);
    // One query (the counts are remembered), and the new row is among the candidates.
    expect(query).toHaveBeenCalledTimes(1);
    expect(rows).toEqual(await holding(ds, term));
  });

  it('asks the phrase when every trigram is common, and for a short term', async () => {
    // Every trigram of "abcdefabc" is in 2,000 rows; the phrase itself in one.
    const ds = await withTexts([...Array(FTS_SELECTIVE_BELOW).fill('abcdef'), ...Array(FTS_SELECTIVE_BELOW).fill('defabc'), 'xabcdefabcx']);
    sources.push(ds);
    const query = jest.spyOn(ds, 'query');
    expect(await termCandidates(ds, 't', ['abcdefabc'])).toEqual([2 * FTS_SELECTIVE_BELOW + 1]);
    expect(query.mock.calls.map(([, params]) => (params as string[])[0])).toContain('"abcdefabc"');
    expect(await termCandidates(ds, 't', ['abcdef'])).toBeNull();
    expect(await termCandidates(ds, 't', ['bcde'])).toBeNull();
    expect(trigramsOf('ação!')).toEqual(['açã', 'ção', 'ão!']);
  });
});
