import { CARGOS, CLIENTE_STATUS, DEFAULT_PAIS, ESTADOS, isCargo, isEstado } from './constants';

describe('business constants', () => {
  it('has the 19 cargos of §3.3, unique, with accents', () => {
    expect(CARGOS).toHaveLength(19);
    expect(new Set(CARGOS).size).toBe(19);
    expect(CARGOS[0]).toBe('Conselheiro Administrativo');
    expect(CARGOS[18]).toBe('Procurador');
    expect(CARGOS).toEqual(
      expect.arrayContaining(['Diretor de Informática', 'Diretor de Produção', 'Diretor sem Designação', 'Diretor Técnico']),
    );
  });

  it('has the 27 UF codes in alphabetical order', () => {
    expect(ESTADOS).toHaveLength(27);
    expect([...ESTADOS].sort()).toEqual([...ESTADOS]);
    expect(new Set(ESTADOS).size).toBe(27);
    for (const uf of ['SP', 'RJ', 'MG', 'DF', 'TO', 'AP']) expect(ESTADOS).toContain(uf);
  });

  it('defaults the country to Brasil and knows the two client statuses', () => {
    expect(DEFAULT_PAIS).toBe('Brasil');
    expect(CLIENTE_STATUS).toEqual(['ativo', 'inativo']);
  });

  it.each([
    [isCargo, 'Procurador', true],
    [isCargo, 'Diretor Tecnico', false],
    [isEstado, 'SP', true],
    [isEstado, 'sp', false],
    [isEstado, 'XX', false],
  ])('%p(%j) = %s', (guard, value, expected) => {
    expect(guard(value)).toBe(expected);
  });
});
