import { KeptAnswers, KeptCounts } from './versioned-pages';

describe('KeptAnswers', () => {
  /** Versions whose sum is `current`, counting the reads. */
  const versoes = (current: string) => {
    const v = { enabled: true, current, reads: 0, sumOf: async () => (v.reads++, v.current) };
    return v;
  };
  const page = (take = 25, filter: Record<string, unknown> = {}) => ({ skip: 0, take, sortColumn: 'x', sortOrder: 'DESC' as const, filter });
  const made = (value: string, version: string | null) => async () => ({ value, version });

  it('gives a kept answer again only while the version read now is the one it was kept under', async () => {
    const v = versoes('7');
    const answers = new KeptAnswers<string>(v, ['registros']);
    expect(await answers.answer('k', page(), null, made('a', '7'))).toBe('a');
    // Nothing kept yet: the version was not read.
    expect(v.reads).toBe(0);
    expect(await answers.answer('k', page(), null, made('b', '7'))).toBe('a');
    expect(answers.made).toBe(1);
    v.current = '8';
    expect(await answers.answer('k', page(), null, made('c', '8'))).toBe('c');
    expect(await answers.answer('k', page(), null, made('d', '8'))).toBe('c');
    expect(answers.made).toBe(2);
  });

  it('keeps nothing without a version, past its rows or without versions, and misses on another context', async () => {
    const v = versoes('1');
    const answers = new KeptAnswers<string>(v, ['clientes']);
    expect(await answers.answer('k', page(), null, made('a', null))).toBe('a');
    expect(await answers.answer('k', page(), null, made('b', '1'))).toBe('b');
    const feriados = new Set<string>();
    expect(await answers.answer('k', page(), feriados, made('c', '1'))).toBe('c');
    expect(await answers.answer('k', page(), feriados, made('d', '1'))).toBe('c');
    expect(await answers.answer('k', page(), new Set<string>(), made('e', '1'))).toBe('e');
    expect(answers.made).toBe(4);
    for (const n of [1, 2]) expect(await answers.answer('grande', page(101), null, made(`g${n}`, '1'))).toBe(`g${n}`);
    const off = new KeptAnswers<string>({ enabled: false, sumOf: v.sumOf }, ['clientes']);
    for (const n of [1, 2]) expect(await off.answer('k', page(), null, made(`o${n}`, '1'))).toBe(`o${n}`);
  });

  it('keeps an answer without a version of its own under one read before it: the stale one compared, or read first for a search', async () => {
    const v = versoes('1');
    const answers = new KeptAnswers<string>(v, ['mail_messages']);
    const busca = page(25, { q: 'zzzz' });
    // A page with no row tells no version.
    expect(await answers.answer('a', page(), null, made('a1', null))).toBe('a1');
    expect(await answers.answer('a', page(), null, made('a2', null))).toBe('a2');
    expect(v.reads).toBe(0);
    expect(await answers.answer('b', busca, null, made('b1', null))).toBe('b1');
    expect(await answers.answer('b', busca, null, made('b2', null))).toBe('b1');
    v.current = '2';
    // Kept at 1 and stale: the 2 just compared is what it is made after, not read again.
    v.reads = 0;
    expect(await answers.answer('b', busca, null, made('b3', null))).toBe('b3');
    expect(v.reads).toBe(1);
    expect(await answers.answer('b', busca, null, made('b4', null))).toBe('b3');
  });

  /** Versions noted with the request (read without a statement), as a GET's sign-in check notes them. */
  const notadas = (current: string) => {
    const v = { ...versoes(current), notedSumOf: () => v.current };
    v.sumOf = async () => (v.reads++, v.current);
    return v;
  };
  /** An answer made only once `gate` settles. */
  const slow = (gate: Promise<unknown>, value: string, version: string) => async () => (await gate, { value, version });

  it('makes an answer once for the same request at the same version asked while it is made; a write or another context makes its own', async () => {
    const v = notadas('5');
    const answers = new KeptAnswers<string>(v, ['clientes']);
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    const first = answers.answer('k', page(), null, slow(gate, 'a', '5'));
    const same = answers.answer('k', page(), null, slow(gate, 'b', '5'));
    const other = answers.answer('k', page(), new Set<string>(), slow(gate, 'c', '5'));
    // A write in between: the version read after it is another, so the answer under way may not show it.
    v.current = '6';
    const after = answers.answer('k', page(), null, slow(gate, 'd', '6'));
    release();
    expect(await Promise.all([first, same, other, after])).toEqual(['a', 'a', 'c', 'd']);
    expect(answers.made).toBe(3);
    // Once made, the answer is kept as before.
    expect(await answers.answer('k', page(), null, made('e', '6'))).toBe('d');
  });

  it('fails those who waited for an answer that failed, and makes it again for the next', async () => {
    const answers = new KeptAnswers<string>(notadas('5'), ['registros']);
    let fail = (_err: Error) => undefined as void;
    const gate = new Promise<never>((_, r) => (fail = r));
    const first = answers.answer('k', page(), null, () => gate);
    const waiting = answers.answer('k', page(), null, made('b', '5'));
    fail(new Error('leitura falhou'));
    await expect(first).rejects.toThrow('leitura falhou');
    await expect(waiting).rejects.toThrow('leitura falhou');
    expect(await answers.answer('k', page(), null, made('c', '5'))).toBe('c');
    expect(answers.made).toBe(2);
  });

  it('waits for no answer when the version it is made after is unknown (nothing noted, no search)', async () => {
    const v = versoes('5');
    const answers = new KeptAnswers<string>(v, ['registros']);
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    const both = [answers.answer('k', page(), null, slow(gate, 'a', '5')), answers.answer('k', page(), null, slow(gate, 'b', '5'))];
    release();
    expect(await Promise.all(both)).toEqual(['a', 'b']);
    expect(v.reads).toBe(0);
  });

  it('drops the least recently used past its bound', async () => {
    const answers = new KeptAnswers<string>(versoes('1'), ['registros'], 2);
    for (const k of ['x', 'y', 'x', 'z']) await answers.answer(k, page(), null, made(k, '1'));
    expect(answers.made).toBe(3);
    await answers.answer('x', page(), null, made('x2', '1'));
    expect(answers.made).toBe(3);
    expect(await answers.answer('y', page(), null, made('y2', '1'))).toBe('y2');
  });
});

describe('KeptCounts.pageWithCount', () => {
  it('tells whether the count is of the version the page read', async () => {
    const counts = new KeptCounts<number>();
    const page = (version: string | null) => async () => ({ rows: [1], version });
    // Counted beside the page at another snapshot: not the same version.
    let r = await counts.pageWithCount('k', async () => ({ total: 3, exato: true, versao: '4' }), page('5'));
    expect([r.contagem.total, r.mesmaVersao]).toEqual([3, false]);
    // Kept at 4, the page at 4: the kept count, of the same version.
    r = await counts.pageWithCount('k', async () => ({ total: 9, exato: true, versao: '4' }), page('4'));
    expect([r.contagem.total, r.mesmaVersao]).toEqual([3, true]);
    r = await counts.pageWithCount('j', async () => ({ total: 2, exato: true, versao: '6' }), page('6'));
    expect([r.contagem.total, r.mesmaVersao]).toEqual([2, true]);
    r = await counts.pageWithCount('i', async () => ({ total: 0, exato: true, versao: '6' }), page(null));
    expect(r.mesmaVersao).toBe(false);
  });
});
