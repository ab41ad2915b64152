import { type DragEvent, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { type Coluna, COLUNA_OUTRAS } from './pipeline';
import { ProcessoCard } from './ProcessoCard';
import type { Card } from './useBoard';

/**
 * One column of the board: its stage, how many registros are in it, and their cards. A card
 * dropped here moves to it; "Outras etapas" (stages the template lost) takes none.
 */
export function BoardColumn(props: {
  coluna: Coluna<Card>;
  busyId: string | null;
  vizinha: (r: Card, delta: -1 | 1) => Coluna<Card> | null;
  onDropCard: (id: string, destino: string) => void;
  onMove: (r: Card, destino: string) => void;
}) {
  const { coluna, busyId, vizinha } = props;
  const translate = useTranslate();
  const [over, setOver] = useState(false);
  const aceita = coluna.key !== COLUNA_OUTRAS;

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    props.onDropCard(e.dataTransfer.getData('text/plain'), coluna.key);
  }

  return (
    <Box
      component="section"
      aria-label={`${coluna.titulo}: ${coluna.registros.length}`}
      data-coluna={coluna.titulo}
      onDragOver={(e) => {
        if (!aceita) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        flex: '0 0 260px',
        bgcolor: over ? 'action.selected' : 'action.hover',
        borderRadius: 1,
        p: 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        minHeight: 200,
      }}
    >
      <Typography component="h2" variant="subtitle2" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <span>{coluna.titulo}</span>
        <Box component="span" aria-label={translate('processos.contagem', { smart_count: coluna.registros.length })} sx={{ color: 'text.secondary' }}>
          {coluna.registros.length}
        </Box>
      </Typography>
      {coluna.registros.map((r) => (
        <ProcessoCard key={r._id} r={r} antes={vizinha(r, -1)} depois={vizinha(r, 1)} busyId={busyId} onMove={(destino) => props.onMove(r, destino)} />
      ))}
    </Box>
  );
}
