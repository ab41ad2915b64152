import { addBusinessDays, quantil } from '@veritas/common';
import { duracaoEsperada, preverJanelas } from './previsao';

describe('predicted completion', () => {
  it('takes the nearest-rank median and 90th percentile of past durations', () => {
    expect(quantil([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(quantil([5, 1, 3, 2, 4], 0.9)).toBe(5);
    expect(quantil([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5)).toBe(5);
    expect(quantil([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
    expect(quantil([], 0.5)).toBeNull();
  });

  it('uses the template until there are 5 past cases', () => {
    expect(duracaoEsperada([1, 2, 3, 4], 7)).toEqual([7, 7]);
    expect(duracaoEsperada([2, 2, 3, 4, 10], 7)).toEqual([3, 10]);
  });

  it('chains the remaining stages from the current one’s start, on the Junta calendar', () => {
    const days = new Set(['2027-03-10']); // a closed Wednesday
    const historico = new Map([['Análise', [1, 2, 2, 3, 8, 2, 2, 2, 2, 2]]]); // median 2, p90 3
    const r = preverJanelas(
      [
        { nome: 'Análise', duracaoDiasUteis: 5, inicioDia: '2027-03-08' }, // Monday, in progress
        { nome: 'CNPJ', duracaoDiasUteis: 1, inicioDia: null },
      ],
      historico,
      '2027-03-08',
      days,
    );
    // Mon 08 + 2 business days (Tue 09, Thu 11 — Wed 10 closed) = Thu 11; + 3 = Fri 12.
    expect(r.proximaEtapa).toEqual({ de: '2027-03-11', ate: '2027-03-12' });
    expect(r.conclusao).toEqual({ de: '2027-03-12', ate: '2027-03-15' });
  });

  it('never predicts a day already past, and nothing when no stage is left', () => {
    const r = preverJanelas([{ nome: 'X', duracaoDiasUteis: 1, inicioDia: '2027-01-04' }], new Map(), '2027-02-01', new Set());
    expect(r.proximaEtapa).toEqual({ de: '2027-02-01', ate: '2027-02-01' });
    expect(preverJanelas([], new Map(), '2027-02-01', new Set())).toEqual({ proximaEtapa: null, conclusao: null });
    expect(addBusinessDays('2027-02-01', 0)).toBe('2027-02-01');
  });
});
