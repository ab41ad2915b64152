import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AUSENTE_COLOR, KIND_COLORS } from './agendaItems';

/** The colours of the calendar in words; charges only for whoever sees Finanças. */
export function AgendaLegend({ financas }: { financas: boolean }) {
  const translate = useTranslate();
  const kinds = [...Object.entries(KIND_COLORS).filter(([kind]) => kind !== 'cobranca' || financas), ['ausente', AUSENTE_COLOR] as const];
  return (
    <Box component="ul" aria-label={translate('resources.agenda.legenda')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, p: 0, listStyle: 'none', typography: 'body2' }}>
      {kinds.map(([kind, color]) => (
        <Box component="li" key={kind} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: color }} />
          {translate(`resources.agenda.kinds.${kind}`)}
        </Box>
      ))}
    </Box>
  );
}
