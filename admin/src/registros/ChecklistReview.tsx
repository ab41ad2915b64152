import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify } from 'react-admin';
import { formatDateTimeBR, type ChecklistItemResponse, type ChecklistStatus, type RegistroDetalheResponse } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { transferError, useTransfer } from '../documentos/transfer';
import { useRegistrosApi } from '../providers/registrosMethods';
import { UNDER_TITLE } from '../layout/FormBits';
import { ChecklistAnexar } from './ChecklistAnexar';

const MOTIVO_MAX = 1000;

export const CHECKLIST_STATUS_LABELS: Readonly<Record<ChecklistStatus, string>> = {
  pendente: 'Pendente',
  enviado: 'Enviado — aguardando análise',
  aceito: 'Aceito',
  recusado: 'Recusado',
};
const CHIP = { pendente: 'default', enviado: 'info', aceito: 'success', recusado: 'error' } as const;

const IMAGEM = /\.(png|jpe?g|gif|webp)$/i;

/**
 * The registro's document checklist for the staff (issue 11): each item's state and file, a
 * preview (images) or download of the file, Aceitar / Recusar with a reason the client sees, and
 * Anexar arquivo for a document the firm received outside the portal (issue 52).
 */
export function ChecklistReview({
  registro,
  mayAct,
  onChanged,
}: {
  registro: RegistroDetalheResponse;
  mayAct: boolean;
  onChanged: () => void;
}) {
  const api = useRegistrosApi();
  const notify = useNotify();
  const { contents, download } = useTransfer();
  const [busy, setBusy] = useState(false);
  const [recusando, setRecusando] = useState<ChecklistItemResponse | null>(null);
  const [preview, setPreview] = useState<{ nome: string; url: string } | null>(null);
  const itens = [...(registro.checklist ?? [])].sort((a, b) => a.ordem - b.ordem);

  if (!itens.length) return <Typography color="text.secondary">Este registro não tem checklist de documentos.</Typography>;

  async function avaliar(item: ChecklistItemResponse, status: 'aceito' | 'recusado', motivo?: string): Promise<boolean> {
    setBusy(true);
    try {
      await api.avaliarChecklistItem(registro._id, item._id, { status, motivo });
      notify(status === 'aceito' ? `Documento "${item.nome}" aceito.` : `Documento "${item.nome}" recusado. O cliente foi avisado.`, {
        type: 'success',
      });
      onChanged();
      return true;
    } catch (err) {
      notify(errorMessage(err, 'Não foi possível avaliar o documento.'), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function ver(item: ChecklistItemResponse) {
    if (!item.documentoId || !item.nomeArquivo) return;
    try {
      if (IMAGEM.test(item.nomeArquivo)) {
        const blob = await contents(item.documentoId);
        setPreview({ nome: item.nomeArquivo, url: URL.createObjectURL(blob) });
      } else {
        await download({ _id: item.documentoId, nomeArquivo: item.nomeArquivo });
      }
    } catch (err) {
      notify(transferError(err), { type: 'error' });
    }
  }

  return (
    <Box component="ul" aria-label="Checklist de documentos" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {itens.map((item) => (
        <Box component="li" key={item._id} aria-label={item.nome} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {item.nome}
            </Typography>
            {!item.obrigatorio && (
              <Typography variant="caption" color="text.secondary">
                (opcional)
              </Typography>
            )}
            <Chip size="small" color={CHIP[item.status]} label={CHECKLIST_STATUS_LABELS[item.status]} />
          </Box>
          {item.nomeArquivo && (
            <Typography variant="caption" color="text.secondary" component="p">
              {item.nomeArquivo}
              {item.enviadoEm && ` · enviado em ${formatDateTimeBR(item.enviadoEm)}`}
              {item.avaliadoEm && ` · avaliado em ${formatDateTimeBR(item.avaliadoEm)}${item.avaliadoPorNome ? ` por ${item.avaliadoPorNome}` : ''}`}
            </Typography>
          )}
          {item.status === 'recusado' && item.motivo && (
            <Typography variant="body2" color="error.main">
              Motivo da recusa: {item.motivo}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
            {item.documentoId && item.status !== 'pendente' && (
              <Button size="small" onClick={() => void ver(item)} aria-label={`Ver o arquivo de ${item.nome}`}>
                {item.nomeArquivo && IMAGEM.test(item.nomeArquivo) ? 'Visualizar' : 'Baixar'}
              </Button>
            )}
            {mayAct && item.status === 'enviado' && (
              <>
                <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => void avaliar(item, 'aceito')} aria-label={`Aceitar ${item.nome}`}>
                  Aceitar
                </Button>
                <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => setRecusando(item)} aria-label={`Recusar ${item.nome}`}>
                  Recusar
                </Button>
              </>
            )}
            {mayAct && (item.status === 'pendente' || item.status === 'recusado') && (
              <ChecklistAnexar registroId={registro._id} item={item} onDone={onChanged} />
            )}
            {mayAct && item.status === 'aceito' && (
              <Button size="small" color="error" disabled={busy} onClick={() => setRecusando(item)} aria-label={`Recusar ${item.nome}`}>
                Recusar
              </Button>
            )}
          </Box>
        </Box>
      ))}
      {recusando && (
        <RecusaDialog
          item={recusando}
          busy={busy}
          onClose={() => setRecusando(null)}
          onSubmit={async (motivo) => {
            if (await avaliar(recusando, 'recusado', motivo)) setRecusando(null);
          }}
        />
      )}
      {preview && (
        <Dialog
          open
          onClose={() => {
            URL.revokeObjectURL(preview.url);
            setPreview(null);
          }}
          maxWidth="md"
          aria-label={`Visualizar ${preview.nome}`}
        >
          <DialogTitle>{preview.nome}</DialogTitle>
          <DialogContent>
            <Box component="img" src={preview.url} alt={preview.nome} sx={{ maxWidth: '100%' }} />
          </DialogContent>
        </Dialog>
      )}
    </Box>
  );
}

function RecusaDialog({
  item,
  busy,
  onClose,
  onSubmit,
}: {
  item: ChecklistItemResponse;
  busy: boolean;
  onClose: () => void;
  onSubmit: (motivo: string) => void;
}) {
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="recusa-title" fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!motivo.trim()) return setError('Informe o motivo da recusa: o cliente vai lê-lo.');
          onSubmit(motivo.trim());
        }}
      >
        <DialogTitle id="recusa-title">Recusar "{item.nome}"</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, ...UNDER_TITLE }}>
          <TextField
            label="Motivo da recusa"
            required
            multiline
            minRows={2}
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
            slotProps={{ htmlInput: { maxLength: MOTIVO_MAX } }}
            helperText="O cliente vê o motivo e pode enviar outro arquivo."
          />
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {busy ? 'Salvando...' : 'Recusar documento'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
