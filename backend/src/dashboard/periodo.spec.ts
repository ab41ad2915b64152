import { parsePeriodo, periodoRange } from './periodo';

// 2027-02-10 01:30 UTC is still 2027-02-09 (22:30) in São Paulo.
const NOW = new Date('2027-02-10T01:30:00Z');

describe('dashboard periods (São Paulo calendar)', () => {
  it.each([
    ['7d', '2027-02-03', '2027-02-09', 7],
    ['30d', '2027-01-11', '2027-02-09', 30],
    ['mes', '2027-02-01', '2027-02-09', 9],
  ] as const)('%s: daily intervals from %s to %s', (periodo, first, last, n) => {
    const r = periodoRange(periodo, NOW);
    expect(r.intervalos).toHaveLength(n);
    expect([r.intervalos[0].chave, r.intervalos.at(-1)!.chave]).toEqual([first, last]);
    expect(r.inicio.toISOString()).toBe(`${first}T03:00:00.000Z`);
    expect(r.fim.toISOString()).toBe('2027-02-10T03:00:00.000Z');
    // Contiguous, one day each.
    r.intervalos.forEach((iv, i) => {
      expect(iv.fim.getTime() - iv.inicio.getTime()).toBe(86_400_000);
      if (i) expect(iv.inicio).toEqual(r.intervalos[i - 1].fim);
    });
  });

  it('ano: monthly intervals from January to the current month, across the year end', () => {
    const r = periodoRange('ano', NOW);
    expect(r.intervalos.map((i) => i.chave)).toEqual(['2027-01', '2027-02']);
    expect(r.intervalos[1].fim.toISOString()).toBe('2027-03-01T03:00:00.000Z');
    const dec = periodoRange('ano', new Date('2026-12-31T12:00:00Z'));
    expect(dec.intervalos).toHaveLength(12);
    expect(dec.intervalos[11]).toMatchObject({ chave: '2026-12' });
    expect(dec.intervalos[11].fim.toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });

  it('defaults to 30d and refuses anything else with a pt-BR 400', () => {
    expect(parsePeriodo(undefined)).toBe('30d');
    expect(parsePeriodo('ano')).toBe('ano');
    expect(() => parsePeriodo('semana')).toThrow('Parâmetro periodo inválido: use 7d, 30d, mes ou ano.');
    expect(() => parsePeriodo(['7d'])).toThrow();
  });
});
