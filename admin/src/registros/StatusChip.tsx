import { Chip } from '@mui/material';
import { REGISTRO_STATUS_LABELS, type RegistroStatus } from '@veritas/common';

/** The colour of each status (§4: each with a matching style), the same on every staff screen. */
export const STATUS_COLOR: Readonly<Record<RegistroStatus, 'default' | 'info' | 'success' | 'warning' | 'error'>> = {
  pendente: 'warning',
  andamento: 'info',
  concluido: 'success',
  cancelado: 'default',
  recusado: 'error',
};

export function StatusChip({ status }: { status: RegistroStatus }) {
  return <Chip size="small" label={REGISTRO_STATUS_LABELS[status] ?? status} color={STATUS_COLOR[status] ?? 'default'} />;
}
