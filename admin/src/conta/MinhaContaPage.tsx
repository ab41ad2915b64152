import { useEffect, useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { type EmailRecuperacaoResponse, readStaffUser } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useContaApi } from '../providers/contaMethods';
import { EmailRecuperacaoForm } from './EmailRecuperacaoForm';

type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; current: EmailRecuperacaoResponse | null };

/** Minha conta (/painel/minha-conta), for every staff member: their recovery e-mail (issue 53). */
export default function MinhaContaPage() {
  const translate = useTranslate();
  const api = useContaApi();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const mailDomain = readStaffUser(window.localStorage)?.email?.split('@')[1] ?? '';

  useEffect(() => {
    let live = true;
    api.getEmailRecuperacao().then(
      (res) => live && setLoaded({ state: 'ready', current: res.data }),
      (error) => live && setLoaded({ state: 'error', message: errorMessage(error, translate('conta.recuperacao.erroCarregar')) }),
    );
    return () => {
      live = false;
    };
  }, [api, translate]);

  return (
    <Box sx={{ my: 2 }}>
      <Title title={translate('conta.heading')} />
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {translate('conta.heading')}
      </Typography>
      {loaded.state === 'loading' && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {loaded.state === 'error' && <Alert severity="error">{loaded.message}</Alert>}
      {loaded.state === 'ready' && (
        <EmailRecuperacaoForm current={loaded.current} mailDomain={mailDomain} onChanged={(current) => setLoaded({ state: 'ready', current })} />
      )}
    </Box>
  );
}
