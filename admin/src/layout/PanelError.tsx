import type { ErrorInfo } from 'react';
import { Box, Button, Typography } from '@mui/material';
import ErrorIcon from '@mui/icons-material/Report';
import HistoryIcon from '@mui/icons-material/History';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useDefaultTitle, useResetErrorBoundaryOnLocationChange, useTranslate } from 'react-admin';
import { PanelTitle } from './PanelTitle';

/** A screen whose code could not be downloaded (a new deploy replaced it, or the network fell). */
const isChunkFailure = (error: Error) => /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);

/**
 * What the panel shows when a screen fails (react-admin's error page, in the layout and around it):
 * the title, "Ocorreu um problema", what to do — back, or reload when the screen's code could not
 * be downloaded — and the technical detail folded away for whoever reports it. Our own page because
 * react-admin's brings its configurable title (the preferences editor, MUI's popover and accordion)
 * into the first load, where this page must be: it shows even when loading a chunk is what failed.
 */
export function PanelError({ error, errorInfo, resetErrorBoundary }: { error: Error; errorInfo?: ErrorInfo; resetErrorBoundary?: (...args: unknown[]) => void }) {
  const translate = useTranslate();
  const title = useDefaultTitle();
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary ?? (() => undefined));
  const chunk = isChunkFailure(error);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, p: 4, textAlign: 'center' }}>
      {typeof title === 'string' && title && <PanelTitle title={title} />}
      <Typography component="h1" variant="h5" role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ErrorIcon color="error" fontSize="large" />
        {translate('ra.page.error')}
      </Typography>
      <Typography>{chunk ? 'Não foi possível carregar esta tela: recarregue a página.' : translate('ra.message.error')}</Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {chunk ? (
          <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
            Recarregar
          </Button>
        ) : (
          <Button variant="contained" startIcon={<HistoryIcon />} onClick={() => window.history.go(-1)}>
            {translate('ra.action.back')}
          </Button>
        )}
      </Box>
      <Box component="details" sx={{ maxWidth: 720, color: 'text.secondary', textAlign: 'left' }}>
        <summary>Detalhes técnicos</summary>
        <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: '0.75rem' }}>
          {error.message}
          {errorInfo?.componentStack}
        </Box>
      </Box>
    </Box>
  );
}
