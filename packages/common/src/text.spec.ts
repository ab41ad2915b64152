import { matchesSearch, normalizeSearch, onlyDigits } from './text';

describe('onlyDigits', () => {
  it.each([
    ['11.222.333/0001-81', '11222333000181'],
    ['(11) 98765-4321', '11987654321'],
    ['01310-100', '01310100'],
    ['abc', ''],
    ['', ''],
    ['١٢٣', ''], // Arabic-Indic digits are not our digits
  ])('onlyDigits(%j) = %j', (input, expected) => {
    expect(onlyDigits(input)).toBe(expected);
  });

  it('tolerates null from untyped callers', () => {
    expect(onlyDigits(null as unknown as string)).toBe('');
  });
});

describe('normalizeSearch', () => {
  it.each([
    ['  João da Silva ', 'joao da silva'],
    ['AÇÃO', 'acao'],
    ['Relatórios', 'relatorios'],
    ['Configurações', 'configuracoes'],
    ['plain', 'plain'],
    ['', ''],
  ])('normalizeSearch(%j) = %j', (input, expected) => {
    expect(normalizeSearch(input)).toBe(expected);
  });

  it('folds precomposed and decomposed forms alike', () => {
    expect(normalizeSearch('e\u0301')).toBe(normalizeSearch('\u00e9'));
  });
});

describe('matchesSearch', () => {
  const values = ['João Silva', 'joao@veritas.com.br', null, undefined];
  it.each([
    ['joao', true],
    ['JOÃO', true],
    ['silva', true],
    ['veritas.com', true],
    ['maria', false],
    ['', true],
    ['   ', true],
  ])('query %j → %s', (q, expected) => {
    expect(matchesSearch(values, q)).toBe(expected);
  });
});
