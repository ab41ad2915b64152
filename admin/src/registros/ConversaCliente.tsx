import { useEffect, useState } from 'react';
import { Box, Button, Chip, List, ListItem, TextField, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { formatBytes, formatDateTimeBR, type MensagemArquivo, type RegistroMensagemItem } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { transferError, useTransfer } from '../documentos/transfer';
import { useRegistrosApi } from '../providers/registrosMethods';
import { RespostaForm } from './RespostaForm';

/**
 * "Conversa com o cliente" (issue 56, ADR 0057): the messages the client wrote in the portal and the firm's
 * answers, oldest first, each with who wrote it, when, its files and the other side's read receipt. Opening
 * it marks the client's messages read. The search narrows it to the messages that contain the words; whoever
 * works registros answers below.
 */
export function ConversaCliente({ registroId, mayAnswer }: { registroId: string; mayAnswer: boolean }) {
  const api = useRegistrosApi();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const key = ['registro', registroId, 'mensagens'];
  const query = useQuery({ queryKey: [...key, q], queryFn: () => api.getMensagens(registroId, q) });
  const naoLidas = query.data?.naoLidas ?? 0;
  useEffect(() => {
    if (naoLidas > 0) void api.marcarMensagensLidas(registroId).then(() => queryClient.invalidateQueries({ queryKey: ['registro', registroId, 'mensagens'] }));
  }, [naoLidas, registroId, api, queryClient]);
  const thread = [...(query.data?.data ?? [])].reverse();
  return (
    <Box>
      <TextField
        size="small"
        type="search"
        label="Buscar nas mensagens"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        sx={{ mb: 1, width: { xs: '100%', sm: 320 } }}
      />
      {query.isPending && (
        <Typography variant="body2" role="status">
          Carregando mensagens...
        </Typography>
      )}
      {query.isError && (
        <Typography variant="body2" color="error">
          {errorMessage(query.error, 'Não foi possível carregar a conversa.')}
        </Typography>
      )}
      {query.data && thread.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {q.trim() ? 'Nenhuma mensagem com estas palavras.' : 'Nenhuma mensagem com o cliente neste registro.'}
        </Typography>
      )}
      {thread.length > 0 && (
        <List dense disablePadding aria-label="Mensagens do registro">
          {thread.map((m) => (
            <Mensagem key={m._id} m={m} />
          ))}
        </List>
      )}
      {mayAnswer && <RespostaForm registroId={registroId} onSent={() => queryClient.invalidateQueries({ queryKey: key })} />}
    </Box>
  );
}

function Mensagem({ m }: { m: RegistroMensagemItem }) {
  const doCliente = m.lado === 'cliente';
  return (
    <ListItem disableGutters divider sx={{ display: 'block' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="span">
          {m.autorNome}
        </Typography>
        <Chip size="small" label={doCliente ? 'Cliente' : 'Equipe'} color={doCliente ? 'primary' : 'default'} variant="outlined" />
        <Typography variant="caption" color="text.secondary" component="time" dateTime={m.criadoEm}>
          {formatDateTimeBR(m.criadoEm)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 0.5 }}>
        {m.texto}
      </Typography>
      {m.arquivos.map((a) => (
        <Arquivo key={a._id} a={a} />
      ))}
      {!doCliente && (
        <Typography variant="caption" color="text.secondary" component="p">
          {m.lidaEm ? `Lida pelo cliente em ${formatDateTimeBR(m.lidaEm)}` : 'Ainda não lida pelo cliente'}
        </Typography>
      )}
    </ListItem>
  );
}

function Arquivo({ a }: { a: MensagemArquivo }) {
  const { download } = useTransfer();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const baixar = async () => {
    setBusy(true);
    try {
      await download(a);
    } catch (error) {
      notify(transferError(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<AttachFileIcon />} disabled={busy} onClick={() => void baixar()} aria-label={`Baixar ${a.nomeArquivo}`} sx={{ textTransform: 'none' }}>
      {a.nomeArquivo} ({formatBytes(a.tamanho)})
    </Button>
  );
}
