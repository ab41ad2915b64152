import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, CssBaseline, Paper, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { errorMessage, UNEXPECTED_FAILURE } from '@veritas/web';
import { contaMethods } from '../providers/contaMethods';
import { i18nProvider } from '../providers/i18nProvider';

type Outcome = { ok: boolean; message: string } | null;

/**
 * /painel/confirmar-email-recuperacao?token=… (issue 53): the link mailed to a new recovery e-mail.
 * Opened without a session (on another device, say), so it lives outside react-admin (whose
 * authProvider sends a visitor without a session to /login, even on a route without layout): it calls
 * the named method and translates with the panel's catalogue directly. The token goes in the
 * request body, not in a URL the server logs.
 */
export default function ConfirmarRecuperacaoPage() {
  const translate = (key: string) => i18nProvider.translate(key);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { ok: false, message: translate('conta.confirmacao.semToken') });

  useEffect(() => {
    if (!token) return;
    let live = true;
    contaMethods.confirmEmailRecuperacao(token).then(
      (res) => live && setOutcome({ ok: true, message: res.message }),
      (error) => live && setOutcome({ ok: false, message: errorMessage(error, UNEXPECTED_FAILURE) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
      <CssBaseline />
      <Paper sx={{ p: 3, maxWidth: 480, display: 'grid', gap: 2 }}>
        <Typography component="h1" variant="h6">
          {translate('conta.confirmacao.titulo')}
        </Typography>
        <div role="status">
          {outcome ? (
            <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>
          ) : (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <CircularProgress size={20} />
              {translate('conta.confirmacao.confirmando')}
            </Box>
          )}
        </div>
        <Button href="/painel" variant="outlined">
          {translate('conta.confirmacao.voltar')}
        </Button>
      </Paper>
    </Box>
  );
}
