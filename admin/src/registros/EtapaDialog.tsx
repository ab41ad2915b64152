import { type FormEvent, useState } from 'react';
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, TextField } from '@mui/material';
import { todayInSaoPaulo, type EtapaMoveInput, type EtapaResponse } from '@veritas/common';
import { UNDER_TITLE } from '../layout/FormBits';

const NOTA_MAX = 2000;

export type EtapaAberta = { etapa: EtapaResponse; acao: 'concluir' | 'dispensar' };

/**
 * Concluir (date, protocol, note and whether the client sees it) and Dispensar (a reason) of one
 * stage. Dispensar on a stage whose documents are not all accepted lists them first (issue 52):
 * the waiver, its reason and the list go to the history and the audit trail.
 */
export function EtapaDialog({
  aberto,
  faltando,
  busy,
  onClose,
  onSubmit,
}: {
  aberto: EtapaAberta;
  faltando: readonly string[];
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
        <DialogContent sx={{ display: 'grid', gap: 2, ...UNDER_TITLE }}>
          {faltando.length > 0 && (
            <Alert severity="warning" aria-label="Documentos faltando">
              Esta etapa ainda não tem {faltando.length === 1 ? 'o documento aceito' : 'os documentos aceitos'}:
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {faltando.map((nome) => (
                  <li key={nome}>{nome}</li>
                ))}
              </Box>
              A dispensa e o motivo ficam no histórico e na auditoria.
            </Alert>
          )}
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
