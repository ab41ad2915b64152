import type { DashboardResponse } from '@veritas/common';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartFrame, type Drawing } from '../charts/Chart';

type Serie = DashboardResponse['serie'];

const MESES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** '2026-11-21' → '21/11'; '2026-11' → 'nov'. */
export function rotulo(chave: string): string {
  const [, mes, dia] = chave.split('-');
  return dia ? `${dia}/${mes}` : (MESES[Number(mes) - 1] ?? chave);
}

/**
 * New clients and new registros per day (or month) of the dashboard's period, as grouped bars on
 * the panel's chart frame (its own chunk with the bars alone: the figures paint first).
 */
export default function SerieChart({ serie, porMes }: { serie: Serie; porMes: boolean }) {
  return (
    <ChartFrame
      drawing={BarChart as Drawing}
      tipo="barras"
      titulo={porMes ? 'Por mês' : 'Por dia'}
      categoriaTitulo={porMes ? 'Mês' : 'Dia'}
      categorias={serie.map((p) => rotulo(p.chave))}
      series={[
        { label: 'Novos clientes', data: serie.map((p) => p.clientesNovos) },
        { label: 'Novos registros', data: serie.map((p) => p.registrosNovos) },
      ]}
      height={240}
    />
  );
}
