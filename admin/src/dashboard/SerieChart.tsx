import { useEffect, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import type { DashboardResponse } from '@veritas/common';

type Serie = DashboardResponse['serie'];

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

const MESES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** '2026-11-21' → '21/11'; '2026-11' → 'nov'. */
function rotulo(chave: string): string {
  const [, mes, dia] = chave.split('-');
  return dia ? `${dia}/${mes}` : MESES[Number(mes) - 1] ?? chave;
}

const SERIES = [
  { key: 'clientesNovos', label: 'Novos clientes', color: '#1565c0' },
  { key: 'registrosNovos', label: 'Novos registros', color: '#ef6c00' },
] as const;

const H = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 32 };

/**
 * Grouped bars of new clients and new registros per day (or month), drawn as SVG: no chart
 * library, a few kilobytes. The same figures are in a table for screen readers.
 */
export default function SerieChart({ serie, porMes }: { serie: Serie; porMes: boolean }) {
  // Drawn at the width it is shown at, so its labels keep their size on a phone.
  const box = useRef<HTMLDivElement>(null);
  const [W, setW] = useState(640);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setW(Math.max(240, Math.round(entry.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const max = Math.max(1, ...serie.flatMap((p) => [p.clientesNovos, p.registrosNovos]));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, serie.length);
  const bar = Math.max(1, Math.min(14, (slot - 2) / 2));
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  // Labels at least 48 px apart, whatever the period.
  const every = Math.max(1, Math.ceil(serie.length / Math.max(1, Math.floor(plotW / 48))));
  const ticks = [0, Math.ceil(max / 2), max].filter((v, i, all) => all.indexOf(v) === i);
  const totals = SERIES.map((s) => serie.reduce((sum, p) => sum + p[s.key], 0));
  return (
    <Box ref={box} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, mb: 1, flexWrap: 'wrap' }} aria-hidden>
        {SERIES.map((s, i) => (
          <Box key={s.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box sx={{ width: 12, height: 12, bgcolor: s.color, borderRadius: 0.5 }} />
            <Typography variant="caption">
              {s.label} ({totals[i]})
            </Typography>
          </Box>
        ))}
      </Box>
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} style={{ display: 'block', maxWidth: '100%' }} role="img" aria-label={`Gráfico: ${SERIES.map((s, i) => `${s.label}: ${totals[i]}`).join('; ')}`}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e0e0e0" />
            <text x={PAD.left - 6} y={y(t) + 4} fontSize="11" textAnchor="end" fill="#555">
              {t}
            </text>
          </g>
        ))}
        {serie.map((p, i) => {
          const x0 = PAD.left + i * slot + (slot - 2 * bar) / 2;
          return (
            <g key={p.chave}>
              {SERIES.map((s, j) => (
                <rect key={s.key} x={x0 + j * bar} y={y(p[s.key])} width={bar} height={PAD.top + plotH - y(p[s.key])} fill={s.color}>
                  <title>{`${rotulo(p.chave)}: ${s.label.toLowerCase()} ${p[s.key]}`}</title>
                </rect>
              ))}
              {i % every === 0 && (
                <text x={PAD.left + i * slot + slot / 2} y={H - 8} fontSize="11" textAnchor="middle" fill="#555">
                  {rotulo(p.chave)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table style={visuallyHidden}>
        <caption>{porMes ? 'Por mês' : 'Por dia'}</caption>
        <thead>
          <tr>
            <th scope="col">{porMes ? 'Mês' : 'Dia'}</th>
            {SERIES.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {serie.map((p) => (
            <tr key={p.chave}>
              <th scope="row">{rotulo(p.chave)}</th>
              {SERIES.map((s) => (
                <td key={s.key}>{p[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
