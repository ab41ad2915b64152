import { type FormEvent, useState } from 'react';
import { Alert, Box, Button, Chip, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { EXIGENCIA_PRAZO_DIAS_CORRIDOS, EXIGENCIA_STATUS_LABELS, formatDateBR, isFinalStatus, todayInSaoPaulo, type ExigenciaResponse, type RegistroDetalheResponse } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useRegistrosApi } from '../providers/registrosMethods';

const CHIP = { aberta: 'warning', cumprida: 'success', expirada: 'error' } as const;

function prazoTexto(e: ExigenciaResponse): string {
  if (e.status === 'cumprida') return `Cumprida em ${formatDateBR(e.cumpridaEm)}${e.cumpridaPorNome ? ` por ${e.cumpridaPorNome}` : ''}`;
  const n = e.diasRestantes ?? 0;
  if (n < 0) return `Prazo ${formatDateBR(e.prazo)} · expirada há ${-n === 1 ? '1 dia' : `${-n} dias`}`;
  return `Prazo ${formatDateBR(e.prazo)} · ${n === 0 ? 'vence hoje' : n === 1 ? '1 dia restante' : `${n} dias restantes`}`;
}

/**
 * The Junta's exigências on a registro (issue 11): each with what is asked, the notice and its
 * 30-calendar-day deadline (never restarted), marked met by staff; a new one raised with its notice date.
 */
export function Exigencias({
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
  const hoje = todayInSaoPaulo();
  const [descricao, setDescricao] = useState('');
  const [notificadaEm, setNotificadaEm] = useState(hoje);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lista = registro.exigencias ?? [];
  const aberto = !isFinalStatus(registro.status);

  async function raise(ev: FormEvent) {
    ev.preventDefault();
    if (!descricao.trim()) return setError('Descreva o que a Junta exige.');
    if (!notificadaEm) return setError('Informe a data da notificação.');
    setBusy(true);
    setError(null);
    try {
      await api.createExigencia(registro._id, { descricao: descricao.trim(), notificadaEm });
      notify('Exigência registrada. O cliente foi avisado e o prazo do registro está suspenso.', { type: 'success' });
      setDescricao('');
      setNotificadaEm(hoje);
      onChanged();
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível registrar a exigência.'));
    } finally {
      setBusy(false);
    }
  }

  async function cumprir(e: ExigenciaResponse) {
    setBusy(true);
    try {
      await api.cumprirExigencia(registro._id, e._id);
      notify('Exigência marcada como cumprida.', { type: 'success' });
      onChanged();
    } catch (err) {
      notify(errorMessage(err, 'Não foi possível marcar a exigência como cumprida.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {lista.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nenhuma exigência neste registro.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Exigências do registro" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {lista.map((e) => (
            <Box component="li" key={e._id} sx={{ borderLeft: 3, borderColor: `${CHIP[e.status]}.main`, pl: 1.5 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" color={CHIP[e.status]} label={EXIGENCIA_STATUS_LABELS[e.status]} />
                <Typography variant="caption" color="text.secondary">
                  Notificada em {formatDateBR(e.notificadaEm)} · {prazoTexto(e)}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.5 }}>
                {e.descricao}
              </Typography>
              {mayAct && e.status !== 'cumprida' && (
                <Button size="small" sx={{ mt: 0.5 }} disabled={busy} onClick={() => void cumprir(e)} aria-label={`Marcar como cumprida: ${e.descricao}`}>
                  Marcar como cumprida
                </Button>
              )}
            </Box>
          ))}
        </Box>
      )}
      {mayAct && aberto && (
        <Box component="form" onSubmit={raise} noValidate aria-label="Nova exigência" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography component="h3" variant="subtitle2">
            Nova exigência
          </Typography>
          <TextField
            label="O que a Junta exige"
            multiline
            minRows={2}
            value={descricao}
            onChange={(e) => setDescricao(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <TextField
            label="Notificada em"
            type="date"
            value={notificadaEm}
            onChange={(e) => setNotificadaEm(e.target.value)}
            helperText={`Prazo de ${EXIGENCIA_PRAZO_DIAS_CORRIDOS} dias corridos a partir da notificação (IN DREI 81/2020).`}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: hoje } }}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Box>
            <Button type="submit" variant="outlined" disabled={busy}>
              {busy ? 'Salvando...' : 'Registrar exigência'}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
