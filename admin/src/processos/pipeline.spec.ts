import { buildColunas, COLUNA_FIM, COLUNA_OUTRAS, colunaDe, diasNaEtapa } from './pipeline';

const NOMES = ['Viabilidade', 'DBE', 'Protocolo'];

describe('buildColunas', () => {
  it('one column per stage in order, then the finished ones; unknown stages go to "Outras etapas"', () => {
    const regs = [
      { id: 1, etapaAtual: 'DBE' },
      { id: 2, etapaAtual: 'Viabilidade' },
      { id: 3, etapaAtual: null },
      { id: 4, etapaAtual: 'DBE' },
      { id: 5, etapaAtual: 'Etapa antiga' },
    ];
    const cols = buildColunas(NOMES, regs);
    expect(cols.map((c) => c.key)).toEqual([...NOMES, COLUNA_FIM, COLUNA_OUTRAS]);
    expect(cols.map((c) => c.registros.map((r) => r.id))).toEqual([[2], [1, 4], [], [3], [5]]);
    expect(cols[3].titulo).toBe('Etapas concluídas');
  });

  it('no "Outras etapas" column when every registro fits', () => {
    expect(buildColunas(NOMES, [{ etapaAtual: 'DBE' }]).map((c) => c.key)).toEqual([...NOMES, COLUNA_FIM]);
    expect(colunaDe(NOMES, { etapaAtual: 'X' })).toBe(COLUNA_OUTRAS);
    expect(colunaDe(NOMES, { etapaAtual: null })).toBe(COLUNA_FIM);
  });
});

describe('diasNaEtapa', () => {
  it('whole days since the stage became current, never negative', () => {
    const hoje = new Date('2026-03-10T12:00:00Z');
    expect(diasNaEtapa('2026-03-07T13:00:00Z', hoje)).toBe(2);
    expect(diasNaEtapa('2026-03-11T00:00:00Z', hoje)).toBe(0);
    expect(diasNaEtapa(null, hoje)).toBeNull();
  });
});
