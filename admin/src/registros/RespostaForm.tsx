import { type FormEvent, useState } from 'react';
import { Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import { useNotify } from 'react-admin';
import { MENSAGEM_ARQUIVOS_MAX, MENSAGEM_MESSAGES, MENSAGEM_TEXTO_MAX, mensagemTextoProblem } from '@veritas/common';
import { ACCEPT_ATTRIBUTE, fileRefusal, formatBytes, transferError } from '../documentos/transfer';
import { useRegistrosApi } from '../providers/registrosMethods';

/**
 * The firm's answer to the client on a registro (ADR 0057): text and up to MENSAGEM_ARQUIVOS_MAX files in one
 * form, with the upload's progress; the shared rule checks the text before the call. The client is told by
 * e-mail, as its preferences allow.
 */
export function RespostaForm({ registroId, onSent }: { registroId: string; onSent: () => void }) {
  const api = useRegistrosApi();
  const notify = useNotify();
  const [texto, setTexto] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const sending = progress !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = mensagemTextoProblem(texto) ?? (files.length > MENSAGEM_ARQUIVOS_MAX ? MENSAGEM_MESSAGES.arquivosDemais : null) ?? files.map(fileRefusal).find(Boolean) ?? null;
    setProblem(refused);
    if (refused) return;
    setProgress(0);
    try {
      await api.enviarMensagem(registroId, texto.trim(), files, setProgress);
      setTexto('');
      setFiles([]);
      notify(MENSAGEM_MESSAGES.enviada, { type: 'success' });
      onSent();
    } catch (error) {
      notify(`${MENSAGEM_MESSAGES.falhou} ${transferError(error)}`, { type: 'error' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ display: 'grid', gap: 1, mt: 2 }} aria-label="Responder ao cliente no portal">
      <TextField
        label="Mensagem ao cliente"
        multiline
        minRows={3}
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        disabled={sending}
        error={!!problem}
        helperText={problem ?? 'O cliente vê a mensagem na área do cliente e recebe um aviso por e-mail.'}
        slotProps={{ htmlInput: { maxLength: MENSAGEM_TEXTO_MAX } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button component="label" size="small" startIcon={<AttachFileIcon />} disabled={sending}>
          Anexar arquivos
          <input
            hidden
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            aria-label="Arquivos da mensagem"
            onChange={(e) => {
              const chosen = Array.from(e.target.files ?? []);
              e.target.value = '';
              setFiles((prev) => [...prev, ...chosen]);
            }}
          />
        </Button>
        {files.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {files.map((f) => `${f.name} (${formatBytes(f.size)})`).join(', ')}{' '}
            <Button size="small" onClick={() => setFiles([])} disabled={sending}>
              Remover
            </Button>
          </Typography>
        )}
      </Box>
      {sending && <LinearProgress variant="determinate" value={Math.round((progress ?? 0) * 100)} aria-label="Enviando a mensagem" />}
      <Box>
        <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={sending}>
          Enviar ao cliente
        </Button>
      </Box>
    </Box>
  );
}
