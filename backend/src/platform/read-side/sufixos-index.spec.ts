import { SUFIXO_MAX, sufixosDe, sufixosQuery } from './sufixos-index';

describe('the suffix index (MySQL/MariaDB substrings)', () => {
  it('holds every suffix of 3+ characters of every word, once, cut at SUFIXO_MAX', () => {
    expect(sufixosDe('padaria sao joao contato@pad.com.br')).toBe('padaria adaria daria aria ria sao joao oao contato ontato ntato tato ato pad com');
    const long = 'a'.repeat(30);
    expect(sufixosDe(long).split(' ')).toEqual(['a'.repeat(SUFIXO_MAX), ...Array.from({ length: SUFIXO_MAX - 3 }, (_, i) => 'a'.repeat(SUFIXO_MAX - 1 - i))]);
    expect(sufixosDe('')).toBe('');
  });

  it('finds any substring of a word as a prefix of one of its suffixes', () => {
    const words = 'comercio 11222333000181 financeiro'.split(' ');
    for (const w of words) {
      const tokens = sufixosDe(w).split(' ');
      for (let i = 0; i < w.length; i++) {
        for (let j = i + 3; j <= w.length; j++) {
          const piece = w.slice(i, j).slice(0, SUFIXO_MAX);
          expect(tokens.some((t) => t.startsWith(piece))).toBe(true);
        }
      }
    }
  });

  it('asks for the longest word of the terms as a prefix; short pieces and operators stay out', () => {
    expect(sufixosQuery(['ercio'])).toBe('+ercio*');
    expect(sufixosQuery(['financeiro@acuc', 'sao'])).toBe('+financeiro*');
    expect(sufixosQuery(['contato.tresirmaos1999.mx'])).toBe('+tresirmaos1999*');
    expect(sufixosQuery(['"especial"', 'or', '+a', 'near(x'])).toBe('+especial*');
    expect(sufixosQuery(['eu', 'ab.c'])).toBeNull();
    expect(sufixosQuery(['abc'], 4)).toBeNull();
    expect(sufixosQuery(['x'.repeat(40)])).toBe(`+${'x'.repeat(SUFIXO_MAX)}*`);
  });
});
