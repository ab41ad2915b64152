import { ftsQuery, ftsString } from './cliente-search';

describe('the FTS5 query of a client search', () => {
  it.each([
    ['comércio', '"comercio"'],
    ['São  JOÃO', '"sao" AND "joao"'],
    ['joão joao', '"joao"'],
    ['a OR b', null],
    ['oficina OR', '"oficina"'],
    ['NEAR(oficina especial)', '"near(oficina" AND "especial)"'],
    ['"especial"', '"""especial"""'],
    ['espec*', '"espec*"'],
    ['{busca}:x ^ofi', '"{busca}:x" AND "^ofi"'],
    ['eu', null],
    ['🙂', null],
  ])('%j → %j', (q, expected) => {
    expect(ftsQuery(q)).toBe(expected);
  });

  it('quotes a term by doubling its double quotes', () => {
    expect(ftsString('a"b""c')).toBe('"a""b""""c"');
  });
});
