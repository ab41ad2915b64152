import { type FormEvent, useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { REGISTRO_STATUS_LABELS, REGISTRO_TRANSITIONS, type RegistroDetalheResponse, type RegistroStatus } from '@veritas/common';
import { useRegistrosApi } from '../providers/registrosMethods';
import { errorMessage } from '@veritas/web';

const NOTA_MAX = 2000;

/** What each move means, beside its status name. */
function moveHint(from: RegistroStatus, to: RegistroStatus): string {
  if (from === 'pendente' && to === 'andamento') return 'o trabalho começa (ou recomeça, com o prazo voltando a contar)';
  if (from === 'andamento' && to === 'pendente') return 'aguardando o cliente: o prazo para de contar';
  if (to === 'concluido') return 'serviço entregue';
  if (to === 'recusado') return 'o escritório não fará este serviço';
  if (to === 'cancelado') return 'a solicitação deixa de valer';
  return '';
}

/**
 * Status changes following the transition table (the server enforces it again), with a note that
 * is internal unless marked visible to the client.
 */
export function StatusChange({ registro, onChanged }: { registro: RegistroDetalheResponse; onChanged: (r: RegistroDetalheResponse) => void }) {
  const api = useRegistrosApi();
  const notify = useNotify();
  const targets = REGISTRO_TRANSITIONS[registro.status];
  const [to, setTo] = useState<RegistroStatus | ''>('');
  const [note, setNote] = useState('');
  const [visivel, setVisivel] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!targets.length) {
    return <Typography color="text.secondary">Registro {REGISTRO_STATUS_LABELS[registro.status]}: o status não muda mais.</Typography>;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!to) return setError('Escolha o novo status.');
    setBusy(true);
    setError(null);
    try {
      const res = await api.changeRegistroStatus(registro._id, { status: to, note: note.trim() || undefined, visivelCliente: visivel });
      notify(`Status alterado para ${REGISTRO_STATUS_LABELS[to]}.`, { type: 'success' });
      setTo('');
      setNote('');
      setVisivel(false);
      onChanged(res);
    } catch (err) {
      setError(errorMessage(err, 'Erro ao alterar o status.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <FormControl>
        <FormLabel id="novo-status-label">Novo status</FormLabel>
        <RadioGroup
          aria-labelledby="novo-status-label"
          value={to}
          onChange={(e) => {
            const next = e.target.value as RegistroStatus;
            setTo(next);
            // Waiting on the client or a refusal is something the client must read; the box stays editable.
            setVisivel(next === 'pendente' || next === 'recusado');
          }}
        >
          {targets.map((s) => (
            <FormControlLabel
              key={s}
              value={s}
              control={<Radio size="small" />}
              label={
                <>
                  {REGISTRO_STATUS_LABELS[s]}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    — {moveHint(registro.status, s)}
                  </Typography>
                </>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        label="Observação (opcional)"
        multiline
        minRows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        slotProps={{ htmlInput: { maxLength: NOTA_MAX } }}
        helperText={`${note.length} / ${NOTA_MAX}`}
      />
      <FormControlLabel
        control={<Checkbox checked={visivel} onChange={(e) => setVisivel(e.target.checked)} />}
        label="Observação visível para o cliente (senão, interna)"
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={busy || !to}>
          {busy ? 'Salvando...' : 'Alterar status'}
        </Button>
      </Box>
    </Box>
  );
}
