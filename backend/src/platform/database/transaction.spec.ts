import { DataSource } from 'typeorm';
import { outsideTransactions, withTransaction } from './transaction';

// SQLite shares one connection: a statement run while another caller's transaction is open would
// become part of it. outsideTransactions waits for that transaction to end instead.
describe('outsideTransactions on SQLite', () => {
  let ds: DataSource;
  beforeEach(async () => {
    ds = new DataSource({ type: 'better-sqlite3', database: ':memory:' });
    await ds.initialize();
    await ds.query('CREATE TABLE t (x text NOT NULL)');
  });
  afterEach(() => ds.destroy());

  /** A transaction that writes, waits a few event-loop turns (while `meanwhile` runs), then fails. */
  async function rollbackAround(meanwhile: () => Promise<unknown>): Promise<string[]> {
    let started!: () => void;
    const open = new Promise<void>((resolve) => (started = resolve));
    const failing = withTransaction(ds, async (m) => {
      await m.query("INSERT INTO t (x) VALUES ('da transação')");
      started();
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('desfeita');
    }).catch((err: Error) => err.message);
    await open;
    const other = meanwhile();
    expect(await failing).toBe('desfeita');
    await other;
    return ((await ds.query('SELECT x FROM t ORDER BY x')) as { x: string }[]).map((r) => r.x);
  }

  it('keeps its statement out of a transaction open at the time, whose rollback would take it along', async () => {
    expect(await rollbackAround(() => outsideTransactions(ds, (m) => m.query("INSERT INTO t (x) VALUES ('fora')")))).toEqual(['fora']);
  });

  it('(the hazard it avoids: the same statement run directly is rolled back with the other transaction)', async () => {
    expect(await rollbackAround(() => ds.manager.query("INSERT INTO t (x) VALUES ('fora')"))).toEqual([]);
  });
});
