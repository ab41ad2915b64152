import type { KeyboardEvent } from 'react';
import { Box, Card, CardContent, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDateBR, registroScreenPath } from '@veritas/common';
import { useUserType } from '../layout/useUserType';
import { prazoInfo } from '../registros/prazo';
import { diasNaEtapa } from './pipeline';
import type { Card as Registro } from './useBoard';

const TONE_COLOR: Record<string, string> = {
  vencido: 'error.main',
  proximo: 'warning.main',
  normal: 'success.main',
  pausado: 'grey.500',
  encerrado: 'grey.500',
};

interface Vizinha {
  key: string;
  titulo: string;
}

/** ← Voltar or → Avançar: moves the card one column, the column's name as its tooltip. */
function MoveButton(props: { direcao: 'voltar' | 'avancar'; numero: string; alvo: Vizinha | null; disabled: boolean; onMove: (destino: string) => void }) {
  const { direcao, alvo } = props;
  const translate = useTranslate();
  const Icon = direcao === 'voltar' ? ArrowBackIcon : ArrowForwardIcon;
  return (
    <Tooltip title={alvo ? translate(`processos.${direcao}Para`, { coluna: alvo.titulo }) : ''}>
      <span>
        <IconButton
          size="small"
          disabled={!alvo || props.disabled}
          aria-label={translate(`processos.${direcao}`, { numero: props.numero })}
          onClick={() => alvo && props.onMove(alvo.key)}
        >
          <Icon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * One registro on the board: its client, its number (a link to the registro where this person may
 * open it: Registros for the board, Meus Registros for an associado), days in the stage, deadline
 * and exigência. Dragged, or moved with ← / → when focused, or with its buttons.
 */
export function ProcessoCard(props: { r: Registro; antes: Vizinha | null; depois: Vizinha | null; busyId: string | null; onMove: (destino: string) => void }) {
  const { r, antes, depois, busyId, onMove } = props;
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`processos.${key}`, options);
  const { principal } = useUserType();
  const info = prazoInfo(r);
  const dias = diasNaEtapa(r.etapaDesde);

  function onKeyDown(e: KeyboardEvent) {
    if (e.target !== e.currentTarget || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
    e.preventDefault();
    const alvo = e.key === 'ArrowRight' ? depois : antes;
    if (alvo) onMove(alvo.key);
  }

  return (
    <Card
      id={`card-${r._id}`}
      data-testid="processo-card"
      tabIndex={0}
      draggable={!busyId}
      aria-label={`${r.numero} ${r.clienteNome ?? ''}`}
      aria-busy={busyId === r._id}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', r._id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onKeyDown={onKeyDown}
      sx={{ borderLeft: 4, borderColor: TONE_COLOR[info.tone], cursor: 'grab', flexShrink: 0, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
    >
      <CardContent sx={{ p: 1.25, '&:last-child': { pb: 1.25 } }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {r.clienteNome ?? '—'}
        </Typography>
        <Typography variant="caption" component={Link} to={registroScreenPath(principal, r._id)} sx={{ display: 'block' }}>
          {r.numero}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {dias !== null ? t('diasNaEtapa', { smart_count: dias }) : ''}
        </Typography>
        <Typography variant="caption" sx={{ display: 'block', color: TONE_COLOR[info.tone] }}>
          {t('prazo')}: {info.label}
          {info.detail ? ` · ${info.detail}` : ''}
        </Typography>
        {r.emExigencia && (
          <Typography variant="caption" sx={{ display: 'block', color: 'warning.dark', fontWeight: 600 }}>
            {t('emExigencia', { prazo: r.exigenciaPrazo ? formatDateBR(r.exigenciaPrazo) : '—' })}
          </Typography>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
          <MoveButton direcao="voltar" numero={r.numero} alvo={antes} disabled={!!busyId} onMove={onMove} />
          {busyId === r._id && <CircularProgress size={18} aria-label={t('movendo')} />}
          <MoveButton direcao="avancar" numero={r.numero} alvo={depois} disabled={!!busyId} onMove={onMove} />
        </Box>
      </CardContent>
    </Card>
  );
}
