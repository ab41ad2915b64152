import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { errorMessage, UNEXPECTED_FAILURE } from '@veritas/web';
import { useContaApi } from '../providers/contaMethods';

type Outcome = { ok: boolean; message: string } | null;

/**
 * /painel/confirmar-email-recuperacao?token=… (issue 53): the link mailed to a new recovery e-mail.
 * Outside the layout and without a session (react-admin renders routes without layout for anyone):
 * the person may open it on another device. The token goes in the request body, not in a URL the
 * server logs.
 */
export default function ConfirmarRecuperacaoPage() {
  const translate = useTranslate();
  const api = useContaApi();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { ok: false, message: translate('conta.confirmacao.semToken') });

  useEffect(() => {
    if (!token) return;
    let live = true;
    api.confirmEmailRecuperacao(token).then(
      (res) => live && setOutcome({ ok: true, message: res.message }),
      (error) => live && setOutcome({ ok: false, message: errorMessage(error, UNEXPECTED_FAILURE) }),
    );
    return () => {
      live = false;
    };
  }, [api, token]);

  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
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
