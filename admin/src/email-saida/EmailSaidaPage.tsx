import { useEffect, useState } from 'react';
import { Alert, Box, Button, DialogContent, Typography } from '@mui/material';
import { Confirm, Form, required, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTimeBR, isValidEmail, type EmailSaidaConfig } from '@veritas/common';
import { errorMessage, UNEXPECTED_FAILURE } from '@veritas/web';
import type { FilaSaidaMethods } from '../providers/filaSaidaMethods';
import { ConfiguracoesTabs } from '../processos/ConfiguracoesTabs';
import { ModalDialog } from '../layout/DialogForm';
import { FormDialogActions, FormProblem, submissionErrors } from '../layout/FormProblem';
import { LoadingText, UNDER_TITLE } from '../layout/FormBits';
import { PageHeader } from '../layout/ListScreen';
import { Restricted } from '../layout/Restricted';
import { BANNER_QUERY_KEY } from '../layout/MailBanner';
import { SCREEN_SX } from '../layout/screen';
import { EmailSaidaForm } from './EmailSaidaForm';

const P = 'resources.emailSaida';
const email = (v: unknown) => (typeof v === 'string' && v.trim() && !isValidEmail(v.trim()) ? `${P}.testeInvalido` : undefined);

function useApi() {
  return useDataProvider<ReturnType<typeof useDataProvider> & FilaSaidaMethods>();
}

/** Which relay is in use, in one sentence: SMTP_URL wins, then the panel's, else none. */
function Situacao({ c }: { c: EmailSaidaConfig }) {
  const translate = useTranslate();
  if (c.fonte === 'ambiente') return <Alert severity="info">{translate(`${P}.fonteAmbiente`)}</Alert>;
  if (c.fonte === 'nenhuma') return <Alert severity="warning">{translate(`${P}.fonteNenhuma`)}</Alert>;
  const p = c.painel!;
  return <Alert severity="success">{translate(`${P}.fontePainel`, { host: p.host, porta: p.porta, quando: formatDateTimeBR(p.atualizadoEm) })}</Alert>;
}

/** "Enviar e-mail de teste": one message straight through the relay in use; the answer says at once whether it went. */
function TesteDialog(props: { open: boolean; onClose: () => void }) {
  const api = useApi();
  const notify = useNotify();
  const translate = useTranslate();
  const send = async (values: Record<string, unknown>) => {
    try {
      const res = await api.testarEmailSaida(String(values.para ?? '').trim());
      notify(res.message, { type: 'success' });
      props.onClose();
      return undefined;
    } catch (error) {
      return submissionErrors(error, UNEXPECTED_FAILURE);
    }
  };
  return (
    <ModalDialog open={props.open} title={translate(`${P}.testeTitulo`)} onClose={props.onClose} maxWidth="xs">
      <Form onSubmit={send} noValidate disableInvalidFormNotification>
        <DialogContent sx={UNDER_TITLE}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(`${P}.testeAjuda`)}
          </Typography>
          <TextInput source="para" type="email" label={`${P}.fields.para`} validate={[required(`${P}.testeObrigatorio`), email]} helperText={false} fullWidth />
          <FormProblem />
        </DialogContent>
        <FormDialogActions onCancel={props.onClose} submit={`${P}.enviar`} />
      </Form>
    </ModalDialog>
  );
}

function EmailSaida() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<EmailSaidaConfig | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [removing, setRemoving] = useState<'ask' | 'busy' | null>(null);

  useEffect(() => {
    let live = true;
    api.getEmailSaida().then(
      (c) => live && setCurrent(c),
      (error) => live && setLoadError(errorMessage(error, translate(`${P}.erroCarregar`))),
    );
    return () => {
      live = false;
    };
  }, [api, translate]);

  const changed = (c: EmailSaidaConfig) => {
    setCurrent(c);
    // The banner reads whether mail can go out: it looks again now.
    void queryClient.invalidateQueries({ queryKey: BANNER_QUERY_KEY });
  };
  const remove = async () => {
    setRemoving('busy');
    try {
      const res = await api.removeEmailSaida();
      notify(res.message ?? `${P}.removido`, { type: 'info' });
      changed(res.data);
    } catch (error) {
      notify(errorMessage(error, UNEXPECTED_FAILURE), { type: 'error' });
    }
    setRemoving(null);
  };

  return (
    <Box sx={SCREEN_SX}>
      <PageHeader title="Configurações" />
      <ConfiguracoesTabs />
      <Box component="section" aria-labelledby="email-saida-titulo" sx={{ display: 'grid', gap: 2, mt: 2, maxWidth: 720 }}>
        <Box component="h2" id="email-saida-titulo" sx={{ typography: 'h6', m: 0 }}>
          {translate(`${P}.heading`)}
        </Box>
        <Typography color="text.secondary">{translate(`${P}.help`)}</Typography>
        {loadError && <Alert severity="error">{loadError}</Alert>}
        {!current && !loadError && <LoadingText />}
        {current && (
          <>
            <Situacao c={current} />
            <EmailSaidaForm api={api} current={current} onSaved={changed} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="outlined" onClick={() => setTesting(true)} disabled={current.fonte === 'nenhuma'}>
                {translate(`${P}.testar`)}
              </Button>
              {current.painel && (
                <Button color="error" onClick={() => setRemoving('ask')} disabled={removing === 'busy'}>
                  {translate(`${P}.remover`)}
                </Button>
              )}
            </Box>
          </>
        )}
      </Box>
      <TesteDialog open={testing} onClose={() => setTesting(false)} />
      <Confirm
        isOpen={!!removing}
        loading={removing === 'busy'}
        title={`${P}.remover`}
        content={translate(`${P}.removerConfirmar`)}
        confirm={`${P}.remover`}
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}

/** /painel/configuracoes/email-saida: the relay of outgoing mail (issue 53, ADR 0055), for the board. */
export default function EmailSaidaPage() {
  return (
    <Restricted action="settings">
      <EmailSaida />
    </Restricted>
  );
}
