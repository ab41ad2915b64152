import { DataSource } from 'typeorm';
import { FTS_SELECTIVE_BELOW, ftsRowids } from './fts';

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
