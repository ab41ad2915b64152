/*
 * Relatórios (issue 13): the catalogue of reports, shared by the server (which computes them) and
 * the panel (which lists them, draws their chart and table, and asks for CSV or XLSX).
 */

export type RelatorioColunaTipo = 'texto' | 'inteiro' | 'percentual' | 'brl' | 'dias';

export interface RelatorioColuna {
  chave: string;
  titulo: string;
  tipo: RelatorioColunaTipo;
}

/** Filters a report may take besides the period (query parameters of the same name). */
export const RELATORIO_FILTROS = ['servico', 'responsavelId', 'tipoClienteId', 'juntaUf'] as const;
export type RelatorioFiltro = (typeof RELATORIO_FILTROS)[number];

export interface RelatorioDef {
  nome: string;
  titulo: string;
  descricao: string;
  filtros: readonly RelatorioFiltro[];
  colunas: readonly RelatorioColuna[];
  /** Money figures: only for who sees Finanças (financas.read). */
  financeiro?: boolean;
  /** The chart: one category column and the series drawn against it. */
  grafico: { tipo: 'barras' | 'linhas'; categoria: string; series: readonly string[] };
}

export type RelatorioValor = string | number | null;

export interface RelatorioResponse {
  nome: string;
  titulo: string;
  /** The period, 'YYYY-MM-DD', inclusive. */
  de: string;
  ate: string;
  colunas: readonly RelatorioColuna[];
  linhas: Record<string, RelatorioValor>[];
  /** The totals row, when the columns add up. */
  totais: Record<string, RelatorioValor> | null;
}

const col = (chave: string, titulo: string, tipo: RelatorioColunaTipo = 'inteiro'): RelatorioColuna => ({ chave, titulo, tipo });

/** Charges by their due date in the period (cancelled ones left out): billed, received and still owed. */
const RECEBIMENTOS_COLUNAS = (categoria: RelatorioColuna) => [
  categoria,
  col('cobrancas', 'Cobranças'),
  col('faturado', 'Faturado', 'brl'),
  col('recebido', 'Recebido', 'brl'),
  col('aReceber', 'A receber', 'brl'),
];

/** Registros requested in the period with at least one exigência, and the rate. */
const EXIGENCIAS_COLUNAS = (categoria: RelatorioColuna) => [
  categoria,
  col('registros', 'Registros'),
  col('comExigencia', 'Com exigência'),
  col('exigencias', 'Exigências'),
  col('taxa', 'Taxa de exigência', 'percentual'),
];

export const RELATORIOS: readonly RelatorioDef[] = [
  {
    nome: 'registros-por-status',
    titulo: 'Registros por status',
    descricao: 'Registros solicitados no período, por status atual.',
    filtros: ['servico', 'responsavelId'],
    colunas: [col('status', 'Status', 'texto'), col('quantidade', 'Quantidade'), col('percentual', 'Percentual', 'percentual')],
    grafico: { tipo: 'barras', categoria: 'status', series: ['quantidade'] },
  },
  {
    nome: 'registros-por-servico',
    titulo: 'Registros por serviço',
    descricao: 'Registros solicitados no período, por serviço: em aberto, concluídos e encerrados sem conclusão.',
    filtros: ['responsavelId'],
    colunas: [
      col('servico', 'Serviço', 'texto'),
      col('total', 'Total'),
      col('abertos', 'Em aberto'),
      col('concluidos', 'Concluídos'),
      col('cancelados', 'Cancelados ou recusados'),
    ],
    grafico: { tipo: 'barras', categoria: 'servico', series: ['abertos', 'concluidos', 'cancelados'] },
  },
  {
    nome: 'registros-por-mes',
    titulo: 'Registros por mês',
    descricao: 'Registros solicitados e concluídos em cada mês do período.',
    filtros: ['servico', 'responsavelId'],
    colunas: [col('mes', 'Mês', 'texto'), col('novos', 'Solicitados'), col('concluidos', 'Concluídos')],
    grafico: { tipo: 'linhas', categoria: 'mes', series: ['novos', 'concluidos'] },
  },
  {
    nome: 'pontualidade',
    titulo: 'Pontualidade',
    descricao: 'Registros concluídos no período dentro e fora do prazo de cada serviço (dias úteis).',
    filtros: ['servico', 'responsavelId'],
    colunas: [
      col('servico', 'Serviço', 'texto'),
      col('concluidos', 'Concluídos'),
      col('noPrazo', 'No prazo'),
      col('atrasados', 'Atrasados'),
      col('taxa', 'Taxa no prazo', 'percentual'),
    ],
    grafico: { tipo: 'barras', categoria: 'servico', series: ['noPrazo', 'atrasados'] },
  },
  {
    nome: 'tempo-de-atendimento',
    titulo: 'Tempo de atendimento',
    descricao: 'Dias corridos da solicitação à conclusão dos registros concluídos no período: mediana (p50) e p90 por serviço.',
    filtros: ['responsavelId'],
    colunas: [col('servico', 'Serviço', 'texto'), col('concluidos', 'Concluídos'), col('p50', 'Mediana (dias)', 'dias'), col('p90', 'p90 (dias)', 'dias')],
    grafico: { tipo: 'barras', categoria: 'servico', series: ['p50', 'p90'] },
  },
  {
    nome: 'registros-por-junta',
    titulo: 'Registros por Junta',
    descricao: 'Registros solicitados no período, pela Junta Comercial em que são arquivados.',
    filtros: ['servico', 'responsavelId'],
    colunas: [
      col('junta', 'Junta', 'texto'),
      col('total', 'Total'),
      col('abertos', 'Em aberto'),
      col('concluidos', 'Concluídos'),
      col('cancelados', 'Cancelados ou recusados'),
    ],
    grafico: { tipo: 'barras', categoria: 'junta', series: ['abertos', 'concluidos', 'cancelados'] },
  },
  {
    nome: 'tempo-por-junta',
    titulo: 'Tempo de atendimento por Junta',
    descricao: 'Dias corridos da solicitação à conclusão dos registros concluídos no período: mediana (p50) e p90 por Junta.',
    filtros: ['servico', 'responsavelId'],
    colunas: [col('junta', 'Junta', 'texto'), col('concluidos', 'Concluídos'), col('p50', 'Mediana (dias)', 'dias'), col('p90', 'p90 (dias)', 'dias')],
    grafico: { tipo: 'barras', categoria: 'junta', series: ['p50', 'p90'] },
  },
  {
    nome: 'exigencias-por-junta',
    titulo: 'Exigências por Junta',
    descricao: 'Registros solicitados no período que receberam ao menos uma exigência, e a taxa, por Junta.',
    filtros: ['servico', 'responsavelId'],
    colunas: EXIGENCIAS_COLUNAS(col('junta', 'Junta', 'texto')),
    grafico: { tipo: 'barras', categoria: 'junta', series: ['taxa'] },
  },
  {
    nome: 'exigencias-por-responsavel',
    titulo: 'Exigências por responsável',
    descricao: 'Registros solicitados no período que receberam ao menos uma exigência, e a taxa, por responsável.',
    filtros: ['servico'],
    colunas: EXIGENCIAS_COLUNAS(col('responsavel', 'Responsável', 'texto')),
    grafico: { tipo: 'barras', categoria: 'responsavel', series: ['taxa'] },
  },
  {
    nome: 'clientes-por-mes',
    titulo: 'Clientes novos e inativados',
    descricao: 'Clientes cadastrados e inativados em cada mês do período.',
    filtros: ['tipoClienteId'],
    colunas: [col('mes', 'Mês', 'texto'), col('novos', 'Novos'), col('inativados', 'Inativados')],
    grafico: { tipo: 'linhas', categoria: 'mes', series: ['novos', 'inativados'] },
  },
  {
    nome: 'produtividade-equipe',
    titulo: 'Produtividade da equipe',
    descricao: 'Por responsável: registros em aberto e vencidos hoje, e concluídos no período com a mediana de dias até a conclusão.',
    filtros: ['servico'],
    colunas: [
      col('responsavel', 'Responsável', 'texto'),
      col('abertos', 'Em aberto'),
      col('vencidos', 'Vencidos'),
      col('concluidos', 'Concluídos no período'),
      col('p50', 'Mediana (dias)', 'dias'),
    ],
    grafico: { tipo: 'barras', categoria: 'responsavel', series: ['abertos', 'concluidos'] },
  },
  {
    nome: 'recebimentos-por-servico',
    titulo: 'Recebido e a receber por serviço',
    descricao: 'Cobranças com vencimento no período (sem as canceladas): faturado, recebido e a receber, por serviço.',
    filtros: [],
    financeiro: true,
    colunas: RECEBIMENTOS_COLUNAS(col('servico', 'Serviço', 'texto')),
    grafico: { tipo: 'barras', categoria: 'servico', series: ['recebido', 'aReceber'] },
  },
  {
    nome: 'recebimentos-por-tipo-de-cliente',
    titulo: 'Recebido e a receber por tipo de cliente',
    descricao: 'Cobranças com vencimento no período (sem as canceladas): faturado, recebido e a receber, por tipo de cliente.',
    filtros: [],
    financeiro: true,
    colunas: RECEBIMENTOS_COLUNAS(col('tipo', 'Tipo de cliente', 'texto')),
    grafico: { tipo: 'barras', categoria: 'tipo', series: ['recebido', 'aReceber'] },
  },
];

export function relatorioPorNome(nome: string): RelatorioDef | undefined {
  return RELATORIOS.find((r) => r.nome === nome);
}

/**
 * The value at quantile `q` (0–1] of a histogram { value → count }, nearest rank: the smallest
 * value with at least ⌈q·n⌉ observations at or below it. Null for no observations.
 */
export function quantileOfHistogram(histogram: ReadonlyArray<readonly [number, number]>, q: number): number | null {
  const sorted = [...histogram].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const n = sorted.reduce((s, [, c]) => s + c, 0);
  if (!n) return null;
  const rank = Math.max(1, Math.ceil(q * n));
  let seen = 0;
  for (const [value, count] of sorted) {
    seen += count;
    if (seen >= rank) return value;
  }
  return sorted[sorted.length - 1][0];
}
