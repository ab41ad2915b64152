import { staffPrincipal } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { mesesDoPeriodo, parseRelatorio, relatoriosDe } from './relatorio-parametros';

const staff = (permissions: string[]) => ({ ...staffPrincipal(permissions), id: 'u', email: 'u@veritas.com.br' }) as AuthPrincipal;
const master = staff(['Master']);
const diretoria = staff(['Diretoria']);
const financeiro = staff(['Financeiro']);
const NOW = new Date('2026-03-10T15:00:00Z');

describe('which reports a person may open', () => {
  it('the board every one; Finanças only those with money figures', () => {
    expect(relatoriosDe(master).length).toBeGreaterThan(2);
    expect(relatoriosDe(diretoria).map((r) => r.nome)).toEqual(relatoriosDe(master).map((r) => r.nome));
    expect(relatoriosDe(financeiro).map((r) => r.nome)).toEqual(['recebimentos-por-servico', 'recebimentos-por-tipo-de-cliente']);
  });
});

describe('parseRelatorio (GET /api/relatorios/:nome)', () => {
  it('defaults to the twelve months up to today, json, no filters', () => {
    const { def, periodo, filtros, formato } = parseRelatorio(master, 'registros-por-status', {}, NOW);
    expect(def.nome).toBe('registros-por-status');
    expect(periodo).toEqual({ de: '2025-03-01', ate: '2026-03-10', inicio: new Date('2025-03-01T03:00:00Z'), fim: new Date('2026-03-11T03:00:00Z') });
    expect(filtros).toEqual({});
    expect(formato).toBe('json');
  });

  it('keeps the report\'s own filters that were given, and leaves out the empty ones', () => {
    const { filtros } = parseRelatorio(master, 'registros-por-status', { servico: 'certidao-simplificada', responsavelId: '' }, NOW);
    expect(filtros).toEqual({ servico: 'certidao-simplificada' });
  });

  it.each([
    ['nao-existe', {}, 404, 'Relatório não encontrado.'],
    ['registros-por-status', { tipoClienteId: 'x' }, 400, 'O relatório "Registros por status" não se filtra por tipoClienteId.'],
    ['registros-por-status', { pagina: '2' }, 400, 'Parâmetro "pagina" desconhecido. Use: de, ate, formato, servico, responsavelId.'],
    ['registros-por-status', { de: ['2026-01-01', '2026-02-01'] }, 400, 'Parâmetro de inválido: informe-o uma única vez.'],
    ['registros-por-status', { de: '2026-02-30' }, 400, 'Parâmetro de inválido: use uma data real no formato AAAA-MM-DD (por exemplo 2026-03-31).'],
    ['registros-por-status', { ate: 'x' }, 400, 'Parâmetro ate inválido: use uma data real no formato AAAA-MM-DD (por exemplo 2026-03-31).'],
    ['registros-por-status', { ate: '' }, 400, 'Parâmetro ate inválido: use uma data real no formato AAAA-MM-DD (por exemplo 2026-03-31).'],
    ['registros-por-status', { ate: '2026-13-45' }, 400, 'Parâmetro ate inválido: use uma data real no formato AAAA-MM-DD (por exemplo 2026-03-31).'],
    ['registros-por-status', { de: '2026-03-02', ate: '2026-03-01' }, 400, 'Período inválido: a data inicial é posterior à final.'],
    ['registros-por-status', { de: '2020-01-01', ate: '2026-01-02' }, 400, 'Período longo demais: escolha no máximo 5 anos.'],
    ['registros-por-status', { formato: 'pdf' }, 400, 'Formato inválido: use json, csv ou xlsx.'],
    ['registros-por-status', { servico: 'x'.repeat(61) }, 400, 'Filtro servico inválido.'],
  ])('%s %p → %i', (nome, query, status, message) => {
    expect(() => parseRelatorio(master, nome, query, NOW)).toThrow(expect.objectContaining({ status, message }));
  });

  it('a report without money figures is forbidden to Finanças alone (403)', () => {
    expect(() => parseRelatorio(financeiro, 'registros-por-status', {}, NOW)).toThrow(expect.objectContaining({ status: 403 }));
    expect(parseRelatorio(financeiro, 'recebimentos-por-servico', {}, NOW).def.financeiro).toBe(true);
  });
});

describe('mesesDoPeriodo', () => {
  it('gives each month the period touches, the first and last cut to the period', () => {
    const { periodo } = parseRelatorio(master, 'registros-por-mes', { de: '2025-12-15', ate: '2026-02-10' }, NOW);
    expect(mesesDoPeriodo(periodo)).toEqual([
      { chave: '2025-12', rotulo: '12/2025', inicio: periodo.inicio, fim: new Date('2026-01-01T03:00:00Z') },
      { chave: '2026-01', rotulo: '01/2026', inicio: new Date('2026-01-01T03:00:00Z'), fim: new Date('2026-02-01T03:00:00Z') },
      { chave: '2026-02', rotulo: '02/2026', inicio: new Date('2026-02-01T03:00:00Z'), fim: periodo.fim },
    ]);
  });
});
