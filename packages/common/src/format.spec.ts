import { formatBRL, formatBytes, formatDateBR, formatDateTimeBR, groupThousands, janelaDatasBR, onFirstUse, parseMoney, plural } from './format';

// Intl writes 'R$\u00a01.234,50'; compare with plain spaces so the tests read naturally
// and survive an ICU that picks a different space.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('parseMoney', () => {
  it.each<[unknown, number]>([
    [1234.5, 1234.5],
    ['1234.50', 1234.5],
    ['1234', 1234],
    ['0.1', 0.1],
    ['1.234,50', 1234.5],
    ['1234,5', 1234.5],
    ['R$ 1.234,50', 1234.5],
    ['R$\u00a01.234,50', 1234.5],
    ['-R$\u00a01.234,50', -1234.5],
    ['1,234.50', 1234.5],
    ['1.234', 1.23], // a lone dot is a decimal point, as the API writes it
    [1.005, 1.01],
    [2.675, 2.68],
    [-1.005, -1.01],
    [0.125, 0.13],
    [1e-7, 0],
    [1e21, 1e21],
    [-0.001, 0],
    ['', 0],
    ['   ', 0],
    ['abc', 0],
    ['12abc', 0],
    [NaN, 0],
    [Infinity, 0],
    [null, 0],
    [undefined, 0],
    [true, 0],
    [{}, 0],
  ])('parseMoney(%p) = %p', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(parseMoney(-0.001), 0)).toBe(true);
  });
});

describe('formatBRL', () => {
  it.each<[number | string | null | undefined, string]>([
    [1234.5, 'R$ 1.234,50'],
    ['1234.50', 'R$ 1.234,50'],
    [0, 'R$ 0,00'],
    [0.1, 'R$ 0,10'],
    [1000000, 'R$ 1.000.000,00'],
    [-42.9, '-R$ 42,90'],
    [1.005, 'R$ 1,01'],
    ['abc', 'R$ 0,00'],
    ['', 'R$ 0,00'],
    [null, 'R$ 0,00'],
    [undefined, 'R$ 0,00'],
    [NaN, 'R$ 0,00'],
  ])('formatBRL(%p) = %p', (input, expected) => {
    expect(plain(formatBRL(input))).toBe(expected);
  });

  it('keeps the space Intl gives', () => {
    expect(formatBRL(1)).toBe(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(1));
  });

  it('round-trips through parseMoney', () => {
    for (const n of [0, 0.01, 19.9, 1234.56, -7.5, 98765432.1]) expect(parseMoney(formatBRL(n))).toBe(n);
  });
});

describe('formatDateBR and formatDateTimeBR', () => {
  it.each<[string | number | Date, string, string]>([
    ['2024-06-15T15:00:00.000Z', '15/06/2024', '15/06/2024 12:00'],
    ['2024-01-01T02:30:00Z', '31/12/2023', '31/12/2023 23:30'], // still New Year's Eve in São Paulo
    ['2024-03-10T00:00:00Z', '09/03/2024', '09/03/2024 21:00'],
    ['2024-03-10T03:00:00Z', '10/03/2024', '10/03/2024 00:00'], // midnight is 00, not 24
    ['2018-12-01T12:00:00Z', '01/12/2018', '01/12/2018 10:00'], // summer time (UTC−2) back then
    [new Date(Date.UTC(2024, 0, 15, 12, 5)), '15/01/2024', '15/01/2024 09:05'],
    [0, '31/12/1969', '31/12/1969 21:00'],
    ['1990-05-15', '15/05/1990', '15/05/1990 00:00'], // a calendar date does not shift a day
    ['2024-02-29', '29/02/2024', '29/02/2024 00:00'],
  ])('%p → %p / %p', (input, date, dateTime) => {
    expect(formatDateBR(input)).toBe(date);
    expect(formatDateTimeBR(input)).toBe(dateTime);
  });

  it.each<[string | Date | null | undefined]>([
    [null],
    [undefined],
    [''],
    ['   '],
    ['abc'],
    ['2024-02-30'],
    ['2023-13-01'],
    [new Date('invalid')],
  ])('shows N/A for %p', (input) => {
    expect(formatDateBR(input)).toBe('N/A');
    expect(formatDateTimeBR(input)).toBe('N/A');
  });
});

describe('plural', () => {
  it.each([
    [0, '0 ativos'],
    [1, '1 ativo'],
    [2, '2 ativos'],
    [-1, '-1 ativo'],
    [1.5, '1,5 ativos'],
    [1234, '1.234 ativos'],
  ])('%s → %s', (n, expected) => {
    expect(plural(n, 'ativo', 'ativos')).toBe(expected);
  });

  it('takes irregular plurals as given', () => {
    expect(plural(1, 'registro pendente', 'registros pendentes')).toBe('1 registro pendente');
    expect(plural(3, 'pão', 'pães')).toBe('3 pães');
  });
});

describe('janelaDatasBR', () => {
  it('reads a one-day window as "em", a longer one as "entre … e …" (issue 53)', () => {
    expect(janelaDatasBR('2026-12-23', '2026-12-23')).toBe('em 23/12/2026');
    // Two instants of the same São Paulo day are one day.
    expect(janelaDatasBR('2026-12-23T12:00:00.000Z', '2026-12-24T02:59:00.000Z')).toBe('em 23/12/2026');
    expect(janelaDatasBR('2026-12-20', '2026-12-23')).toBe('entre 20/12/2026 e 23/12/2026');
  });
});

describe('groupThousands', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [5000, '5.000'],
    [1234567, '1.234.567'],
    [-1234567, '-1.234.567'],
    [1234.9, '1.234'],
  ])('%p → %p, as Intl pt-BR writes a whole number', (n, text) => {
    expect(groupThousands(n)).toBe(text);
    expect(groupThousands(n)).toBe(Math.trunc(n).toLocaleString('pt-BR'));
  });
});

describe('onFirstUse', () => {
  it('makes the value on the first call only, and gives the same one after', () => {
    let made = 0;
    const get = onFirstUse(() => ({ n: ++made }));
    expect(made).toBe(0);
    const first = get();
    expect(get()).toBe(first);
    expect(made).toBe(1);
  });
});

describe('formatBytes', () => {
  it.each([512, 1024, 48 * 1024, 999 * 1024, 1024 * 1024, 1.5 * 1024 * 1024, 25 * 1024 * 1024, 1234.56 * 1024 * 1024, 5 * 1024 ** 4])(
    '%p bytes: written as Intl pt-BR would, without it',
    (n) => {
      const mb = 1024 * 1024;
      const intl = n >= mb ? `${Number((n / mb).toFixed(1)).toLocaleString('pt-BR')} MB` : n >= 1024 ? `${Math.round(n / 1024).toLocaleString('pt-BR')} KB` : `${n} bytes`;
      expect(formatBytes(n)).toBe(intl);
    },
  );
});
