import { quantileOfHistogram, relatorioPorNome, RELATORIOS } from './relatorios';

describe('quantileOfHistogram', () => {
  it('takes the nearest rank, as a sorted list of the observations would', () => {
    // Observations: 1, 2, 2, 3, 10 (n = 5).
    const h: [number, number][] = [[10, 1], [2, 2], [1, 1], [3, 1]];
    const values = [1, 2, 2, 3, 10];
    for (const q of [0.1, 0.2, 0.5, 0.6, 0.8, 0.9, 1]) {
      expect(quantileOfHistogram(h, q)).toBe(values[Math.ceil(q * values.length) - 1]);
    }
  });

  it('is null without observations and ignores empty buckets', () => {
    expect(quantileOfHistogram([], 0.5)).toBeNull();
    expect(quantileOfHistogram([[4, 0]], 0.5)).toBeNull();
    expect(quantileOfHistogram([[4, 0], [7, 3]], 0.5)).toBe(7);
  });
});

describe('the report catalogue', () => {
  it('has unique names, and each chart draws columns the report has', () => {
    expect(new Set(RELATORIOS.map((r) => r.nome)).size).toBe(RELATORIOS.length);
    for (const r of RELATORIOS) {
      const keys = r.colunas.map((c) => c.chave);
      expect(keys).toContain(r.grafico.categoria);
      for (const s of r.grafico.series) expect(keys).toContain(s);
      expect(relatorioPorNome(r.nome)).toBe(r);
    }
    expect(relatorioPorNome('__proto__')).toBeUndefined();
  });
});
