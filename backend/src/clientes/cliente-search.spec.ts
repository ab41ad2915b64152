import { ftsString } from '../platform/read-side';
import { ftsQuery, isCnpjMascarado } from './cliente-search';

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

describe('a masked CNPJ, served by the CNPJ index alone', () => {
  it.each(['11.222.333/0001-81', '11.222.333/0001', '11.222.333/', '11.222.333', '11.222.', '11.2', '11.', ' 10.004.242 ', '12.abc.345', '12.ABC.345/0001'])(
    '%j is a masked CNPJ',
    (q) => expect(isCnpjMascarado(q)).toBe(true),
  );

  it.each(['11222333', '11', 'sj.com', 'ab.cde', '11.2222', '112.222', '11.222.333/00011', '11.222.333/0001-812', '11.222.333-0001', '11 222 333', 'a1.b2c.d3e/f4g5-x', 'joão 11.222'])(
    '%j is not',
    (q) => expect(isCnpjMascarado(q)).toBe(false),
  );
});
