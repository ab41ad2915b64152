import { type FormEvent, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify } from 'react-admin';
import {
  ETAPA_STATUS_LABELS,
  formatDateBR,
  RESPONSAVEL_TIPO_LABELS,
  todayInSaoPaulo,
  type EtapaResponse,
  type EtapaStatus,
  type RegistroDetalheResponse,
} from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { type EtapaMoveInput, useRegistrosApi } from '../providers/registrosMethods';
import { type EtapaAcao, etapaAcoes } from './etapaAcoes';

const NOTA_MAX = 2000;

const CHIP: Record<EtapaStatus, 'default' | 'info' | 'success' | 'warning'> = {
  pendente: 'default',
  andamento: 'info',
  concluida: 'success',
  dispensada: 'warning',
};

const ACAO_LABEL: Record<EtapaAcao, string> = { iniciar: 'Iniciar', concluir: 'Concluir', dispensar: 'Dispensar', reabrir: 'Reabrir' };

type Aberto = { etapa: EtapaResponse; acao: 'concluir' | 'dispensar' } | null;

/**
 * The registro's stages (issue 11) with what may be done to each: Iniciar and Reabrir at once,
 * Concluir (date, protocol, note and whether the client sees it) and Dispensar (a reason) in a dialog.
 */
export function Etapas({
  registro,
  mayMove,
  onChanged,
}: {
  registro: RegistroDetalheResponse;
  mayMove: boolean;
  onChanged: (r: RegistroDetalheResponse) => void;
}) {
  const api = useRegistrosApi();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [aberto, setAberto] = useState<Aberto>(null);
  const etapas = [...(registro.etapas ?? [])].sort((a, b) => a.ordem - b.ordem);
  const acoes = etapaAcoes(etapas);

  if (!etapas.length) return <Typography color="text.secondary">Este registro não tem etapas.</Typography>;

  async function move(etapa: EtapaResponse, input: EtapaMoveInput, done: string): Promise<boolean> {
    setBusy(true);
    try {
      const res = await api.moveEtapa(registro._id, etapa._id, input);
      notify(done, { type: 'success' });
      onChanged(res);
      return true;
    } catch (err) {
      notify(errorMessage(err, 'Não foi possível alterar a etapa.'), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {etapas.map((e, i) => (
        <Box
          component="li"
          key={e._id}
          aria-label={`Etapa ${i + 1}: ${e.nome}`}
          sx={{ borderLeft: 3, borderColor: e.status === 'andamento' ? 'info.main' : 'divider', pl: 1.5 }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {i + 1}. {e.nome}
            </Typography>
            <Chip size="small" color={CHIP[e.status]} label={ETAPA_STATUS_LABELS[e.status]} />
            <Typography variant="caption" color="text.secondary">
              {RESPONSAVEL_TIPO_LABELS[e.responsavelTipo]}
            </Typography>
          </Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {[
              e.inicio && `Início: ${formatDateBR(e.inicio)}`,
              e.fim && `Fim: ${formatDateBR(e.fim)}`,
              e.prazo && !e.fim && `Prazo: ${formatDateBR(e.prazo)}`,
              e.protocolo && `Protocolo: ${e.protocolo}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {e.nota && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {e.status === 'dispensada' ? 'Motivo: ' : 'Nota: '}
              {e.nota}
              {e.status !== 'dispensada' && (
                <Typography component="span" variant="caption" color="text.secondary">
                  {' '}
                  ({e.visivelCliente ? 'visível ao cliente' : 'interna'})
                </Typography>
              )}
            </Typography>
          )}
          {mayMove && (acoes.get(e._id) ?? []).length > 0 && (
            <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
              {(acoes.get(e._id) ?? []).map((a) => (
                <Button
                  key={a}
                  size="small"
                  variant={a === 'concluir' || a === 'iniciar' ? 'contained' : 'outlined'}
                  disabled={busy}
                  aria-label={`${ACAO_LABEL[a]} a etapa ${e.nome}`}
                  onClick={() => {
                    if (a === 'iniciar') void move(e, { status: 'andamento' }, `Etapa "${e.nome}" iniciada.`);
                    else if (a === 'reabrir') void move(e, { status: 'andamento' }, `Etapa "${e.nome}" reaberta.`);
                    else setAberto({ etapa: e, acao: a });
                  }}
                >
                  {ACAO_LABEL[a]}
                </Button>
              ))}
            </Box>
          )}
        </Box>
      ))}
      {aberto && (
        <EtapaDialog
          key={aberto.etapa._id + aberto.acao}
          aberto={aberto}
          busy={busy}
          onClose={() => setAberto(null)}
          onSubmit={async (input) => {
            const done = aberto.acao === 'concluir' ? `Etapa "${aberto.etapa.nome}" concluída.` : `Etapa "${aberto.etapa.nome}" dispensada.`;
            if (await move(aberto.etapa, input, done)) setAberto(null);
          }}
        />
      )}
    </Box>
  );
}

function EtapaDialog({
  aberto,
  busy,
  onClose,
  onSubmit,
}: {
  aberto: NonNullable<Aberto>;
  busy: boolean;
  onClose: () => void;
  onSubmit: (input: EtapaMoveInput) => void;
}) {
  const concluir = aberto.acao === 'concluir';
  const hoje = todayInSaoPaulo();
  const [data, setData] = useState(hoje);
  const [protocolo, setProtocolo] = useState(aberto.etapa.protocolo ?? '');
  const [nota, setNota] = useState('');
  const [visivel, setVisivel] = useState(concluir);
  const [error, setError] = useState<string | null>(null);

  function submit(ev: FormEvent) {
    ev.preventDefault();
    if (!concluir && !nota.trim()) return setError('Informe o motivo da dispensa.');
    if (concluir && data > hoje) return setError('A data de conclusão não pode ser futura.');
    setError(null);
    onSubmit(
      concluir
        ? {
            status: 'concluida',
            data: data && data !== hoje ? data : undefined,
            protocolo: protocolo.trim() || undefined,
            nota: nota.trim() || undefined,
            visivelCliente: visivel,
          }
        : { status: 'dispensada', nota: nota.trim() },
    );
  }

  const titulo = `${concluir ? 'Concluir' : 'Dispensar'} a etapa "${aberto.etapa.nome}"`;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="etapa-dialog-title" fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="etapa-dialog-title">{titulo}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {concluir && (
            <>
              <TextField
                label="Data de conclusão"
                type="date"
                value={data}
                onChange={(e) => setData(e.target.value)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: hoje } }}
              />
              <TextField
                label="Protocolo no órgão (opcional)"
                value={protocolo}
                onChange={(e) => setProtocolo(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
            </>
          )}
          <TextField
            label={concluir ? 'Nota (opcional)' : 'Motivo da dispensa'}
            required={!concluir}
            multiline
            minRows={2}
            value={nota}
            onChange={(e) => setNota(e.target.value)}
            slotProps={{ htmlInput: { maxLength: NOTA_MAX } }}
            helperText={`${nota.length} / ${NOTA_MAX}`}
          />
          {concluir && (
            <FormControlLabel
              control={<Checkbox checked={visivel} onChange={(e) => setVisivel(e.target.checked)} />}
              label="Nota visível ao cliente"
            />
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Salvando...' : concluir ? 'Concluir etapa' : 'Dispensar etapa'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
