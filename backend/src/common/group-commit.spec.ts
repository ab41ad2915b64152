import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('runs the jobs added in the same turn as one batch, each caller getting its own result', async () => {
    const batches: number[][] = [];
    const g = new GroupCommit<number, string>(
      async (jobs) => {
        batches.push(jobs);
        return jobs.map((j) => `t${j}`);
      },
      async (j) => `a${j}`,
    );
    const results = await Promise.all([1, 2, 3].map((j) => g.add(j)));
    expect(results).toEqual(['t1', 't2', 't3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('runs a lone job alone, without a batch', async () => {
    const together = jest.fn(async (jobs: number[]) => jobs.map(String));
    const g = new GroupCommit<number, string>(together, async (j) => `a${j}`);
    expect(await g.add(7)).toBe('a7');
    expect(together).not.toHaveBeenCalled();
  });

  it('gathers the jobs added while a batch runs into the next one', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const g = new GroupCommit<number, number>(
      async (jobs) => {
        batches.push(jobs);
        if (batches.length === 1) await held;
        return jobs;
      },
      async (j) => j,
    );
    const first = [g.add(1), g.add(2)];
    await new Promise((r) => setImmediate(r));
    const second = [g.add(3), g.add(4), g.add(5)];
    release();
    expect(await Promise.all([...first, ...second])).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('when the batch fails, runs each job alone: one job failing fails only its caller', async () => {
    const alone: number[] = [];
    const g = new GroupCommit<number, number>(
      async () => {
        throw new Error('lote recusado');
      },
      async (j) => {
        alone.push(j);
        if (j === 2) throw new Error(`job ${j}`);
        return j * 10;
      },
    );
    const settled = await Promise.allSettled([1, 2, 3].map((j) => g.add(j)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([10, 'job 2', 30]);
    expect(alone.sort()).toEqual([1, 2, 3]);
  });

  it('takes at most `max` jobs per batch and runs the rest in the next', async () => {
    const sizes: number[] = [];
    const g = new GroupCommit<number, number>(
      async (jobs) => {
        sizes.push(jobs.length);
        return jobs;
      },
      async (j) => j,
      2,
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map((j) => g.add(j)))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([2, 2]); // and the fifth alone
  });
});
