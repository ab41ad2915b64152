import { KeptAnswers, KeptCounts } from './versioned-pages';

describe('KeptAnswers', () => {
  const made = (value: string, version: string | null) => async () => ({ value, version });

  it('gives a kept answer again only while the version read now is the one it was kept under', async () => {
    const answers = new KeptAnswers<string>();
    let current = '7';
    const reads: string[] = [];
    const now = async () => (reads.push(current), current);
    expect(await answers.answer('k', now, null, made('a', '7'))).toBe('a');
    // Nothing kept yet: the version was not read.
    expect(reads).toEqual([]);
    expect(await answers.answer('k', now, null, made('b', '7'))).toBe('a');
    expect(answers.made).toBe(1);
    current = '8';
    expect(await answers.answer('k', now, null, made('c', '8'))).toBe('c');
    expect(await answers.answer('k', now, null, made('d', '8'))).toBe('c');
    expect(answers.made).toBe(2);
  });

  it('keeps nothing without a version, and misses on another context', async () => {
    const answers = new KeptAnswers<string>();
    const now = async () => '1';
    expect(await answers.answer('k', now, null, made('a', null))).toBe('a');
    expect(await answers.answer('k', now, null, made('b', '1'))).toBe('b');
    const feriados = new Set<string>();
    expect(await answers.answer('k', now, feriados, made('c', '1'))).toBe('c');
    expect(await answers.answer('k', now, feriados, made('d', '1'))).toBe('c');
    expect(await answers.answer('k', now, new Set<string>(), made('e', '1'))).toBe('e');
    expect(answers.made).toBe(4);
  });

  it('passes the version read before making an answer: the stale one compared, or one read for a search', async () => {
    const answers = new KeptAnswers<string>();
    let current = '1';
    let reads = 0;
    const now = async () => (reads++, current);
    const seen: (string | null)[] = [];
    // An empty page tells no version: kept under the one read before it, when there is one.
    const vazio = (value: string) => async (antes: string | null) => (seen.push(antes), { value, version: antes });
    expect(await answers.answer('a', now, null, vazio('a1'))).toBe('a1');
    expect([seen, reads]).toEqual([[null], 0]);
    expect(await answers.answer('a', now, null, vazio('a2'))).toBe('a2');
    expect(await answers.answer('b', now, null, vazio('b1'), true)).toBe('b1');
    expect(await answers.answer('b', now, null, vazio('b2'), true)).toBe('b1');
    expect(seen).toEqual([null, null, '1']);
    current = '2';
    // Kept at 1 and stale: the 2 just compared is what it is made after, not read again.
    reads = 0;
    expect(await answers.answer('b', now, null, vazio('b3'), true)).toBe('b3');
    expect([seen.at(-1), reads]).toEqual(['2', 1]);
    expect(await answers.answer('b', now, null, vazio('b4'), true)).toBe('b3');
  });

  it('drops the least recently used past its bound', async () => {
    const answers = new KeptAnswers<string>(2);
    const now = async () => '1';
    for (const k of ['x', 'y', 'x', 'z']) await answers.answer(k, now, null, made(k, '1'));
    expect(answers.made).toBe(3);
    await answers.answer('x', now, null, made('x2', '1'));
    expect(answers.made).toBe(3);
    expect(await answers.answer('y', now, null, made('y2', '1'))).toBe('y2');
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
