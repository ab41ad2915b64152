import { Box, Typography } from '@mui/material';
import ErrorIcon from '@mui/icons-material/Error';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { RegistroResponse } from '@veritas/common';
import { prazoInfo } from './prazo';

/** The due date with how far it is; overdue in red and close ones in amber, with an icon so colour is not the only sign. */
export function PrazoText({ registro }: { registro: RegistroResponse }) {
  const info = prazoInfo(registro);
  const color = info.tone === 'vencido' ? 'error.main' : info.tone === 'proximo' ? 'warning.dark' : 'text.primary';
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, color }}>
      {info.tone === 'vencido' && <ErrorIcon fontSize="small" aria-hidden />}
      {info.tone === 'proximo' && <WarningAmberIcon fontSize="small" aria-hidden />}
      <Box>
        <Typography variant="body2" sx={{ fontWeight: info.tone === 'vencido' || info.tone === 'proximo' ? 600 : 400, whiteSpace: 'nowrap' }}>
          {info.label}
        </Typography>
        {info.detail && (
          <Typography variant="caption" sx={{ color: info.tone === 'normal' || info.tone === 'pausado' ? 'text.secondary' : 'inherit' }}>
            {info.detail}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
