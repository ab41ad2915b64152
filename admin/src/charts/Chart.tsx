import { lazy, Suspense, type ComponentType } from 'react';
import { Box, Skeleton, useTheme } from '@mui/material';
import type { BarChartProps } from '@mui/x-charts/BarChart';
import type { LineChartProps } from '@mui/x-charts/LineChart';
import { CHART_PALETTES } from './palette';

/** What the frame passes to the drawing: MUI X's BarChart or LineChart. */
export type Drawing = ComponentType<Pick<BarChartProps & LineChartProps, 'xAxis' | 'series' | 'height'>>;

// Each kind of drawing is its own chunk: bars do not bring the lines' code, nor lines the bars'.
const LazyBarChart = lazy(() => import('@mui/x-charts/BarChart').then((m) => ({ default: m.BarChart as Drawing })));
const LazyLineChart = lazy(() => import('@mui/x-charts/LineChart').then((m) => ({ default: m.LineChart as Drawing })));

export interface ChartSerie {
  label: string;
  data: (number | null)[];
}

export interface ChartProps {
  tipo: 'barras' | 'linhas';
  /** The categories of the x axis, as shown. */
  categorias: string[];
  series: ChartSerie[];
  /** The caption of the table behind the chart. */
  titulo: string;
  /** Header of the categories column of that table. */
  categoriaTitulo: string;
  height?: number;
  format?: (v: number | null) => string;
}

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

const total = (s: ChartSerie) => s.data.reduce<number>((a, v) => a + (v ?? 0), 0);

/**
 * Every chart of the panel (dashboards, Relatórios) on MUI X Charts, in its own chunk (import it
 * with React.lazy); the bars and the lines are chunks of their own, loaded for the `tipo` shown.
 * The drawing is an image to assistive technology, named with each series' total; the same
 * figures are in a table for screen readers.
 */
export default function Chart(props: ChartProps) {
  return <ChartFrame {...props} drawing={props.tipo === 'barras' ? LazyBarChart : LazyLineChart} />;
}

/**
 * The chart around a given drawing (for a screen that always draws one kind and imports it with
 * itself, as the dashboard's bars do: one download instead of two in a row).
 */
export function ChartFrame({
  tipo,
  categorias,
  series,
  titulo,
  categoriaTitulo,
  height = 260,
  format = (v) => (v === null ? '—' : String(v)),
  drawing: Drawing,
}: ChartProps & { drawing: Drawing }) {
  const palette = CHART_PALETTES[useTheme().palette.mode === 'dark' ? 'dark' : 'light'];
  const xAxis = [{ scaleType: tipo === 'barras' ? ('band' as const) : ('point' as const), data: categorias }];
  const chartSeries = series.map((s, i) => ({ label: s.label, data: s.data, color: palette[i % palette.length], valueFormatter: format }));
  const name = `Gráfico: ${series.map((s) => `${s.label}: ${total(s)}`).join('; ')}`;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box role="img" aria-label={name}>
        <Suspense fallback={<Skeleton variant="rounded" height={height} />}>
          <Drawing xAxis={xAxis} series={chartSeries} height={height} />
        </Suspense>
      </Box>
      {/* The box is hidden, not the table: a table takes the width of its cells whatever its own width says. */}
      <div style={visuallyHidden}>
        <table data-chart-table>
          <caption>{titulo}</caption>
          <thead>
            <tr>
              <th scope="col">{categoriaTitulo}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categorias.map((c, i) => (
              <tr key={`${c}-${i}`}>
                <th scope="row">{c}</th>
                {series.map((s) => (
                  <td key={s.label}>{format(s.data[i] ?? null)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Box>
  );
}
