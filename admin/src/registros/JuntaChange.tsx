import { useState } from 'react';
import { Box, Button, FormControl, InputLabel, Link as MuiLink, MenuItem, Select, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { isFinalStatus, JUNTAS, juntaPorUf, type RegistroDetalheResponse } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useRegistrosApi } from '../providers/registrosMethods';

/** The Junta Comercial the registro is filed at (its calendar counts the due date), changeable by who may move it. */
export function JuntaChange({
  registro,
  mayChange,
  onChanged,
}: {
  registro: RegistroDetalheResponse;
  mayChange: boolean;
  onChanged: (r: RegistroDetalheResponse) => void;
}) {
  const api = useRegistrosApi();
  const notify = useNotify();
  const [uf, setUf] = useState(registro.juntaUf);
  const [busy, setBusy] = useState(false);
  const junta = juntaPorUf(registro.juntaUf);

  async function save() {
    setBusy(true);
    try {
      const res = await api.changeJunta(registro._id, uf);
      notify(`Junta alterada para ${juntaPorUf(uf)?.sigla ?? uf}. O prazo foi recalculado no calendário dela.`, { type: 'success' });
      onChanged(res);
    } catch (err) {
      notify(errorMessage(err, 'Não foi possível alterar a Junta.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2">
        {junta ? (
          <>
            <strong>{junta.sigla}</strong> — {junta.nome} ({junta.uf}){' '}
            <MuiLink href={junta.site} target="_blank" rel="noopener noreferrer">
              site
            </MuiLink>
          </>
        ) : (
          registro.juntaUf
        )}
      </Typography>
      {mayChange && !isFinalStatus(registro.status) && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControl size="small" sx={{ width: 220, maxWidth: 1 }}>
            <InputLabel id="junta-uf">Alterar Junta</InputLabel>
            <Select labelId="junta-uf" label="Alterar Junta" value={uf} onChange={(e) => setUf(String(e.target.value))}>
              {JUNTAS.map((j) => (
                <MenuItem key={j.uf} value={j.uf}>
                  {j.sigla} ({j.uf})
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button variant="outlined" size="small" disabled={busy || uf === registro.juntaUf} onClick={() => void save()}>
            {busy ? 'Salvando...' : 'Salvar Junta'}
          </Button>
        </Box>
      )}
    </Box>
  );
}
