import { Box } from '@mui/material';
import { Form, NumberInput, PasswordInput, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import {
  EMAIL_SAIDA_SEGURANCA_LABELS,
  EMAIL_SAIDA_SEGURANCAS,
  emailSaidaHostProblem,
  emailSaidaPortaProblem,
  emailSaidaRemetenteProblem,
  type EmailSaidaConfig,
  type EmailSaidaInput,
} from '@veritas/common';
import { UNEXPECTED_FAILURE } from '@veritas/web';
import { FormProblem, SubmitButton, submissionErrors } from '../layout/FormProblem';
import type { FilaSaidaMethods } from '../providers/filaSaidaMethods';

const P = 'resources.emailSaida';
const rule = (problem: (v: unknown) => string | null) => (v: unknown) => problem(v) ?? undefined;
const SEGURANCA_CHOICES = EMAIL_SAIDA_SEGURANCAS.map((id) => ({ id, name: EMAIL_SAIDA_SEGURANCA_LABELS[id] }));

/**
 * The relay's fields (issue 53): server, port, security, user, password (write-only: blank keeps the
 * kept one), From. The rules are the server's own, from @veritas/common.
 */
export function EmailSaidaForm(props: { api: FilaSaidaMethods; current: EmailSaidaConfig; onSaved: (c: EmailSaidaConfig) => void }) {
  const { api, current, onSaved } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const painel = current.painel;
  const defaults = {
    host: painel?.host ?? '',
    porta: painel?.porta ?? 587,
    seguranca: painel?.seguranca ?? 'starttls',
    usuario: painel?.usuario ?? '',
    senha: '',
    remetenteEmail: painel?.remetenteEmail ?? '',
    remetenteNome: painel?.remetenteNome ?? '',
  };
  const save = async (values: Record<string, unknown>) => {
    const input: EmailSaidaInput = {
      host: String(values.host ?? '').trim(),
      porta: Number(values.porta),
      seguranca: values.seguranca as EmailSaidaInput['seguranca'],
      usuario: String(values.usuario ?? '').trim() || null,
      remetenteEmail: String(values.remetenteEmail ?? '').trim() || null,
      remetenteNome: String(values.remetenteNome ?? '').trim() || null,
      // Blank: the kept password stays (the API never sends it back to show).
      ...(values.senha ? { senha: String(values.senha) } : {}),
    };
    try {
      const res = await api.saveEmailSaida(input);
      notify(res.message ?? `${P}.salvo`, { type: 'success' });
      onSaved(res.data);
      return undefined;
    } catch (error) {
      return submissionErrors(error, UNEXPECTED_FAILURE);
    }
  };
  return (
    <Form key={painel?.atualizadoEm ?? 'novo'} defaultValues={defaults} onSubmit={save} noValidate disableInvalidFormNotification>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, maxWidth: 640 }}>
        <TextInput source="host" label={`${P}.fields.host`} validate={rule(emailSaidaHostProblem)} helperText={`${P}.ajudaHost`} />
        <NumberInput source="porta" label={`${P}.fields.porta`} validate={rule(emailSaidaPortaProblem)} min={1} max={65535} step={1} helperText={false} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <SelectInput source="seguranca" label={`${P}.fields.seguranca`} choices={SEGURANCA_CHOICES} helperText={false} fullWidth />
        </Box>
        <TextInput source="usuario" label={`${P}.fields.usuario`} autoComplete="off" helperText={`${P}.ajudaUsuario`} />
        <PasswordInput
          source="senha"
          label={`${P}.fields.senha`}
          autoComplete="new-password"
          helperText={translate(painel?.senhaDefinida ? `${P}.senhaGuardada` : `${P}.senhaNenhuma`)}
        />
        <TextInput source="remetenteEmail" type="email" label={`${P}.fields.remetenteEmail`} validate={rule(emailSaidaRemetenteProblem)} helperText={`${P}.ajudaRemetente`} />
        <TextInput source="remetenteNome" label={`${P}.fields.remetenteNome`} helperText={false} />
        <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>
          <FormProblem />
          <Box>
            <SubmitButton label={`${P}.salvar`} />
          </Box>
        </Box>
      </Box>
    </Form>
  );
}
