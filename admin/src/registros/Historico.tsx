import { Box, Chip, Typography } from '@mui/material';
import { formatDateTimeBR, type RegistroHistoricoResponse } from '@veritas/common';

function headline(h: RegistroHistoricoResponse): string {
  if (h.evento === 'criacao') return `Solicitação criada (${h.paraLabel ?? 'Pendente'})`;
  if (h.evento === 'status') return `Status: ${h.deLabel ?? h.de} → ${h.paraLabel ?? h.para}`;
  if (h.evento === 'etapa') return `Etapa: ${h.deLabel ?? h.de} → ${h.paraLabel ?? h.para}`;
  if (h.evento === 'junta') return `Junta Comercial: ${h.deLabel ?? h.de} → ${h.paraLabel ?? h.para}`;
  if (h.evento === 'exigencia') return h.de ? `Exigência: ${h.deLabel ?? h.de} → ${h.paraLabel ?? h.para}` : 'Exigência aberta';
  if (h.para && h.de) return `Responsável: ${h.de} → ${h.para}`;
  if (h.para) return `Atribuído a ${h.para}`;
  return `Responsável removido${h.de ? ` (${h.de})` : ''}`;
}

/** Every change of a registro, oldest first: who, when, from → to, and the note with whether the client sees it. */
export function Historico({ lines }: { lines: RegistroHistoricoResponse[] }) {
  if (!lines.length) return <Typography color="text.secondary">Sem movimentações.</Typography>;
  return (
    <Box component="ol" aria-label="Histórico" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
      {lines.map((h) => (
        <Box component="li" key={h._id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 2, pb: 1.5, position: 'relative' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {headline(h)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTimeBR(h.data)} · {h.autorNome} ({h.autorTipo === 'cliente' ? 'cliente' : 'equipe'})
          </Typography>
          {h.nota && (
            <Box sx={{ mt: 0.5, p: 1, bgcolor: 'action.hover', borderRadius: 1 }}>
              <Chip
                size="small"
                variant="outlined"
                color={h.notaVisivelCliente ? 'info' : 'default'}
                label={h.notaVisivelCliente ? 'Visível ao cliente' : 'Interna'}
                sx={{ mb: 0.5 }}
              />
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {h.nota}
              </Typography>
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
