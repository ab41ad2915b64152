import { Box, Typography } from '@mui/material';
import { Form, required, TextInput, useNotify, useTranslate } from 'react-admin';
import { type ContatoMensagemResponse, MAIL_MESSAGES, sendFailedText } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { FormDialogActions, FormProblem } from '../layout/FormProblem';
import { useMensagensApi } from '../providers/mensagensMethods';

const P = 'mensagens.resposta';

interface Resposta {
  assunto: string;
  mensagem: string;
}

/** The text is required as the server requires it: something besides spaces. */
const naoVazia = (message: string) => (value: unknown) => (typeof value === 'string' && value.trim() ? undefined : message);

// No input is disabled while sending: react-hook-form leaves a disabled field out of the values and
// of validation (FormDialogActions holds the buttons instead).
function Campos({ onCancel }: { onCancel: () => void }) {
  return (
    <>
      <TextInput source="assunto" label="resources.contato.fields.assunto" slotProps={{ htmlInput: { maxLength: 200 } }} helperText={false} />
      <TextInput
        source="mensagem"
        label={`${P}.resposta`}
        multiline
        minRows={6}
        validate={[required(`${P}.vazia`), naoVazia(`${P}.vazia`)]}
        autoFocus
      />
      <FormProblem />
      <FormDialogActions onCancel={onCancel} submit={`${P}.enviar`} />
    </>
  );
}

/** The answer by e-mail (react-admin's <Form>): plain text, with the original quoted by the server. */
export function ReplyForm({ m, onCancel, onSent }: { m: ContatoMensagemResponse; onCancel: () => void; onSent: (m: ContatoMensagemResponse) => void }) {
  const api = useMensagensApi();
  const notify = useNotify();
  const translate = useTranslate();
  const enviar = async (values: Record<string, unknown>) => {
    const v = values as unknown as Resposta;
    try {
      const res = await api.replyMensagem(m._id, { assunto: v.assunto, mensagem: v.mensagem });
      notify(res.message ?? `${P}.enviada`, { type: 'success' });
      onSent(res.data);
      return undefined;
    } catch (err) {
      return { root: { serverError: sendFailedText(errorMessage(err, MAIL_MESSAGES.sendFailedGeneric)) } };
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate(`${P}.titulo`, { email: m.email })}
      </Typography>
      <Form<Resposta> defaultValues={{ assunto: `Re: ${m.assunto}`, mensagem: '' }} onSubmit={enviar} noValidate disableInvalidFormNotification aria-label={translate(`${P}.formulario`)}>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Campos onCancel={onCancel} />
        </Box>
      </Form>
    </Box>
  );
}
