import { BatchedReads } from './batched-reads';
import { IN_CHUNK } from './select-in';

/** A table whose rows a statement reads as they are when it starts, answered when the test says. */
function table() {
  const committed = new Map<string, string>();
  const statements: { keys: string[]; answer(): void; fail(err: Error): void }[] = [];
  const run = (keys: string[]) =>
    new Promise<{ id: string; v: string }[]>((resolve, reject) => {
      const rows = keys.filter((k) => committed.has(k)).map((id) => ({ id, v: committed.get(id)! }));
      statements.push({ keys, answer: () => resolve(rows), fail: reject });
    });
  return { committed, statements, run, keyOf: (r: { id: string }) => r.id };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedReads', () => {
  it('reads a key at once when nothing of its family runs, and forgets the family after', async () => {
    const reads = new BatchedReads();
    const t = table();
    t.committed.set('a', '1');
    const p = reads.read('f', 'a', t.run, t.keyOf);
    expect(t.statements.map((s) => s.keys)).toEqual([['a']]);
    t.statements[0].answer();
    expect(await p).toEqual([{ id: 'a', v: '1' }]);
    expect([reads.statements, reads.size]).toEqual([1, 0]);
  });

  it('callers that ask while a statement runs join the next one, started when it ends, one statement for all their keys', async () => {
    const reads = new BatchedReads();
    const t = table();
    for (const k of ['a', 'b', 'c']) t.committed.set(k, `${k}0`);
    const first = reads.read('f', 'a', t.run, t.keyOf);
    const joined = ['a', 'b', 'a', 'c', 'z'].map((k) => reads.read('f', k, t.run, t.keyOf));
    expect(t.statements).toHaveLength(1);
    // Committed after the first statement started, before the next: the callers who asked meanwhile see it.
    t.committed.set('a', 'a1');
    t.statements[0].answer();
    expect(await first).toEqual([{ id: 'a', v: 'a0' }]);
    await tick();
    expect(t.statements.map((s) => s.keys)).toEqual([['a'], ['a', 'b', 'c', 'z']]);
    t.statements[1].answer();
    expect(await Promise.all(joined)).toEqual([[{ id: 'a', v: 'a1' }], [{ id: 'b', v: 'b0' }], [{ id: 'a', v: 'a1' }], [{ id: 'c', v: 'c0' }], []]);
    expect([reads.statements, reads.size]).toEqual([2, 0]);
  });

  it('a statement that fails fails its own callers only; the next batch still runs, and a run that throws is a failure too', async () => {
    const reads = new BatchedReads();
    const t = table();
    t.committed.set('a', '1');
    const first = reads.read('f', 'a', t.run, t.keyOf);
    const next = reads.read('f', 'a', t.run, t.keyOf);
    t.statements[0].fail(new Error('caiu'));
    await expect(first).rejects.toThrow('caiu');
    await tick();
    t.statements[1].answer();
    expect(await next).toEqual([{ id: 'a', v: '1' }]);
    const thrown = reads.read('g', 'x', () => {
      throw new Error('sem conexão');
    }, t.keyOf);
    await expect(thrown).rejects.toThrow('sem conexão');
    expect(reads.size).toBe(0);
    const again = reads.read('g', 'a', t.run, t.keyOf);
    t.statements[2].answer();
    expect(await again).toEqual([{ id: 'a', v: '1' }]);
  });

  it('families are apart, and a batch of more keys than a statement binds runs in several', async () => {
    const reads = new BatchedReads();
    const t = table();
    const keys = Array.from({ length: IN_CHUNK * 2 + 1 }, (_, i) => `k${i}`);
    for (const k of keys) t.committed.set(k, k.toUpperCase());
    const a = reads.read('f', 'k0', t.run, t.keyOf);
    const b = reads.read('outra', 'k1', t.run, t.keyOf);
    expect(t.statements).toHaveLength(2);
    const many = keys.map((k) => reads.read('f', k, t.run, t.keyOf));
    t.statements[0].answer();
    t.statements[1].answer();
    expect([await a, await b]).toEqual([[{ id: 'k0', v: 'K0' }], [{ id: 'k1', v: 'K1' }]]);
    await tick();
    expect(t.statements.slice(2).map((s) => s.keys.length)).toEqual([IN_CHUNK, IN_CHUNK, 1]);
    for (const s of t.statements.slice(2)) s.answer();
    expect((await Promise.all(many)).map((r) => r[0].v)).toEqual(keys.map((k) => k.toUpperCase()));
    expect(reads.size).toBe(0);
  });
});
