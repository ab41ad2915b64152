import { useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { Confirm, Form, required, TextInput, useNotify, useTranslate } from 'react-admin';
import { type EmailRecuperacaoResponse, firmDomainRecoveryMessage, formatDateBR, isFirmDomainEmail, isValidEmail } from '@veritas/common';
import { errorMessage, UNEXPECTED_FAILURE } from '@veritas/web';
import { FormProblem, SubmitButton } from '../layout/FormProblem';
import { useContaApi } from '../providers/contaMethods';

const P = 'conta.recuperacao';

/** The same refusals as the server's, before the request: a malformed address, or one on the firm's domain. */
const recoveryAddress = (mailDomain: string) => (value: unknown) => {
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) return undefined;
  if (!isValidEmail(email)) return `${P}.invalido`;
  return mailDomain && isFirmDomainEmail(email, mailDomain) ? firmDomainRecoveryMessage(mailDomain) : undefined;
};

function Status({ current }: { current: EmailRecuperacaoResponse | null }) {
  const translate = useTranslate();
  if (!current) return <Alert severity="info">{translate(`${P}.nenhum`)}</Alert>;
  return current.verificado ? (
    <Alert severity="success">{translate(`${P}.confirmado`, { data: formatDateBR(current.verificadoEm ?? ''), email: current.email })}</Alert>
  ) : (
    <Alert severity="warning">{translate(`${P}.pendente`, { email: current.email })}</Alert>
  );
}

/**
 * Minha conta → E-mail de recuperação (issue 53, ADR 0048): where the person's reset links go, outside
 * the firm's domain, counted once confirmed by the link mailed to it. `onChanged` gets what the server
 * now holds.
 */
export function EmailRecuperacaoForm(props: { current: EmailRecuperacaoResponse | null; mailDomain: string; onChanged: (v: EmailRecuperacaoResponse | null) => void }) {
  const { current, mailDomain, onChanged } = props;
  const api = useContaApi();
  const notify = useNotify();
  const translate = useTranslate();
  const [removing, setRemoving] = useState<'ask' | 'busy' | null>(null);

  const save = async (values: Record<string, unknown>) => {
    try {
      const res = await api.setEmailRecuperacao(String(values.email ?? '').trim());
      notify(res.message ?? `${P}.pendente`, { type: 'success' });
      onChanged(res.data);
      return undefined;
    } catch (error) {
      return { root: { serverError: errorMessage(error, UNEXPECTED_FAILURE) } };
    }
  };
  const remove = async () => {
    setRemoving('busy');
    try {
      const res = await api.removeEmailRecuperacao();
      if (res.message) notify(res.message, { type: 'info' });
      onChanged(null);
    } catch (error) {
      notify(errorMessage(error, UNEXPECTED_FAILURE), { type: 'error' });
    }
    setRemoving(null);
  };

  return (
    <Box component="section" aria-labelledby="recuperacao-titulo" sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <Typography id="recuperacao-titulo" component="h2" variant="h6">
        {translate(`${P}.titulo`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${P}.ajuda`)}
      </Typography>
      <Status current={current} />
      <Form key={current?.email ?? ''} defaultValues={{ email: current?.email ?? '' }} onSubmit={save} noValidate disableInvalidFormNotification>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <TextInput source="email" type="email" label={`${P}.campo`} validate={[required(`${P}.obrigatorio`), recoveryAddress(mailDomain)]} helperText={false} />
          <FormProblem />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <SubmitButton label={`${P}.salvar`} />
            {current && (
              <Button color="error" onClick={() => setRemoving('ask')} disabled={removing === 'busy'}>
                {translate(`${P}.remover`)}
              </Button>
            )}
          </Box>
        </Box>
      </Form>
      <Confirm
        isOpen={!!removing}
        loading={removing === 'busy'}
        title={`${P}.removerTitulo`}
        content={translate(`${P}.removerConfirmar`, { email: current?.email ?? '' })}
        confirm={`${P}.remover`}
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
