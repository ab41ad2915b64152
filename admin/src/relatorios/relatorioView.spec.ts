import { RELATORIOS } from '@veritas/common';
import { defaultPeriodo, formatCell, reportParams } from './relatorioView';

const def = RELATORIOS.find((r) => r.nome === 'registros-por-status')!;

describe('reportParams', () => {
  it("takes the period from the URL, else the default, and only the report's own filters", () => {
    const search = new URLSearchParams('de=2026-01-01&servico=abertura-empresas&tipoClienteId=x&nome=registros-por-status');
    expect(reportParams(def, search, { de: '2025-12-01', ate: '2026-11-24' })).toEqual({ de: '2026-01-01', ate: '2026-11-24', servico: 'abertura-empresas' });
  });
});

describe('defaultPeriodo', () => {
  it('goes from the first day of the month eleven months back to today, in São Paulo', () => {
    // 02:00 UTC on 1 March is still 28 February in São Paulo.
    expect(defaultPeriodo(new Date('2026-03-01T02:00:00Z'))).toEqual({ de: '2025-03-01', ate: '2026-02-28' });
  });
});

describe('formatCell', () => {
  it('writes percentages, money, days and counts in pt-BR, and a dash for nothing', () => {
    expect(formatCell({ chave: 'p', titulo: 'P', tipo: 'percentual' }, 12.5)).toBe('12,5%');
    expect(formatCell({ chave: 'v', titulo: 'V', tipo: 'brl' }, 1234.5)).toBe('R$\u00a01.234,50');
    expect(formatCell({ chave: 'd', titulo: 'D', tipo: 'dias' }, 1)).toBe('1 dia');
    expect(formatCell({ chave: 'd', titulo: 'D', tipo: 'dias' }, 12)).toBe('12 dias');
    expect(formatCell({ chave: 'n', titulo: 'N', tipo: 'inteiro' }, 12345)).toBe('12.345');
    expect(formatCell({ chave: 'n', titulo: 'N', tipo: 'inteiro' }, null)).toBe('—');
  });
});
