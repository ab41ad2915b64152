import { type FormEvent, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useQuery } from '@tanstack/react-query';
import type { DocumentoResponse, RegistroResponse } from '@veritas/common';
import { useRegistrosApi } from '../providers/registrosMethods';
import { ClienteAutocomplete, type ClienteOption } from './ClienteAutocomplete';
import { ACCEPT_ATTRIBUTE, ACCEPTED_HELP, fileRefusal, formatBytes, SIZE_HELP, transferError, useTransfer } from './transfer';
import { UNDER_TITLE } from '../layout/FormBits';

/** Where the document goes when the screen already knows (a registro's details). */
export interface UploadTarget {
  clienteId: string;
  clienteNome: string | null;
  registroId?: string;
  registroNumero?: string;
}

/** Staff sending a document to a client, optionally tied to one of its registros, with the upload's progress. */
export function UploadDialog({ open, target, onClose, onUploaded }: { open: boolean; target?: UploadTarget; onClose: () => void; onUploaded: (doc: DocumentoResponse) => void }) {
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { upload } = useTransfer();
  const api = useRegistrosApi();
  const [cliente, setCliente] = useState<ClienteOption | null>(null);
  const [registroId, setRegistroId] = useState('');
  const [titulo, setTitulo] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const clienteId = target?.clienteId ?? cliente?._id ?? null;
  const registros = useQuery({
    queryKey: ['registros-cliente', clienteId],
    queryFn: () => api.getRegistrosDoCliente(clienteId!),
    enabled: open && !!clienteId && !target?.registroId,
    retry: false,
  });

  const sending = progress !== null;

  function reset() {
    setCliente(null);
    setRegistroId('');
    setTitulo('');
    setFile(null);
    setProgress(null);
    setError(null);
  }

  function close() {
    if (sending) return;
    reset();
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!clienteId) return setError('Escolha o cliente.');
    if (!file) return setError('Escolha um arquivo para enviar.');
    const refusal = fileRefusal(file);
    if (refusal) return setError(refusal);
    setError(null);
    setProgress(0);
    try {
      const doc = await upload(file, { clienteId, registroId: target?.registroId ?? (registroId || undefined), titulo: titulo.trim() || undefined }, setProgress);
      reset();
      onUploaded(doc);
    } catch (err) {
      setProgress(null);
      setError(transferError(err));
    }
  }

  return (
    <Dialog open={open} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="upload-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="upload-dialog-title">Enviar documento</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, ...UNDER_TITLE }}>
          {target ? (
            <Typography variant="body2">
              Cliente: <strong>{target.clienteNome ?? '—'}</strong>
              {target.registroNumero && (
                <>
                  {' '}
                  · Registro <strong>{target.registroNumero}</strong>
                </>
              )}
            </Typography>
          ) : (
            <ClienteAutocomplete
              value={cliente}
              onChange={(v) => {
                setCliente(v);
                setRegistroId('');
              }}
              withCnpj
              required
              disabled={sending}
            />
          )}
          {!target?.registroId && clienteId && (
            <TextField select label="Registro (opcional)" value={registroId} onChange={(e) => setRegistroId(e.target.value)} disabled={sending}>
              <MenuItem value="">Nenhum</MenuItem>
              {(registros.data ?? []).map((r) => (
                <MenuItem key={r._id} value={r._id}>
                  {r.numero} · {r.tipo}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField label="Título (opcional)" value={titulo} onChange={(e) => setTitulo(e.target.value)} disabled={sending} slotProps={{ htmlInput: { maxLength: 200 } }} />
          <Box>
            <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={sending}>
              Escolher arquivo
              <input
                type="file"
                hidden
                accept={ACCEPT_ATTRIBUTE}
                aria-label="Arquivo"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setError(null);
                }}
              />
            </Button>
            <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              {file ? `${file.name} (${formatBytes(file.size)})` : 'Nenhum arquivo selecionado'}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {ACCEPTED_HELP} {SIZE_HELP}
            </Typography>
          </Box>
          {progress !== null && (
            <Box role="status">
              <Typography variant="body2">Enviando... {Math.round(progress * 100)}%</Typography>
              <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Progresso do envio" />
            </Box>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={sending}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={sending}>
            {sending ? 'Enviando...' : 'Enviar'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
