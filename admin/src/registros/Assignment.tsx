import { useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useGetIdentity, useGetList, useNotify } from 'react-admin';
import { isFinalStatus, type RegistroDetalheResponse, type UserResponse } from '@veritas/common';
import { useRegistrosApi } from '../providers/registrosMethods';
import { errorMessage } from '@veritas/web';
import { useCan } from '../layout/Restricted';
import { useAusentesHoje } from '../providers/useAusentes';

/**
 * Who is responsible. Diretoria and master assign anyone on the staff (or no one); an associado
 * takes an unassigned registro or leaves its own.
 */
export function Assignment({ registro, onChanged }: { registro: RegistroDetalheResponse; onChanged: (r: RegistroDetalheResponse) => void }) {
  const api = useRegistrosApi();
  const notify = useNotify();
  const board = useCan('registros.assign');
  // Financeiro and suporte read registros but do not work them: no Assumir / Deixar for them.
  const works = useCan('registros.work');
  const { identity } = useGetIdentity();
  const users = useGetList<UserResponse & { id: string }>('users', { pagination: { page: 1, perPage: 200 }, sort: { field: 'nomeCompleto', order: 'ASC' } }, { enabled: board });
  const ausentes = useAusentesHoje(board);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const mine = !!identity && registro.responsavelId === identity.id;

  async function assign(responsavelId: string | null, message: string) {
    setBusy(true);
    setError(null);
    try {
      const res = await api.assignRegistro(registro._id, responsavelId);
      notify(message, { type: 'success' });
      setChosen('');
      onChanged(res);
    } catch (err) {
      setError(errorMessage(err, 'Erro ao alterar o responsável.'));
    } finally {
      setBusy(false);
    }
  }

  const current = (
    <Typography variant="body2" sx={{ mb: 1.5 }}>
      Responsável atual: <strong>{registro.responsavelNome ?? 'ninguém'}</strong>
    </Typography>
  );

  if (isFinalStatus(registro.status)) {
    return (
      <>
        {current}
        <Typography color="text.secondary" variant="body2">
          Registro encerrado: o responsável não muda mais.
        </Typography>
      </>
    );
  }

  return (
    <Box>
      {current}
      {board ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField select size="small" label="Atribuir a" value={chosen} onChange={(e) => setChosen(e.target.value)} sx={{ minWidth: 220 }}>
            {(users.data ?? [])
              .filter((u) => !!ausentes && u._id !== registro.responsavelId && !ausentes.has(u._id))
              .map((u) => (
                <MenuItem key={u._id} value={u._id}>
                  {u.nomeCompleto}
                </MenuItem>
              ))}
          </TextField>
          <Button
            variant="contained"
            disabled={busy || !chosen}
            onClick={() => assign(chosen, `Registro atribuído a ${users.data?.find((u) => u._id === chosen)?.nomeCompleto ?? 'novo responsável'}.`)}
          >
            Atribuir
          </Button>
          {registro.responsavelId && (
            <Button disabled={busy} onClick={() => assign(null, 'Registro sem responsável.')}>
              Remover responsável
            </Button>
          )}
        </Box>
      ) : !works ? null : !registro.responsavelId ? (
        <Button variant="contained" disabled={busy || !identity} onClick={() => assign(String(identity!.id), 'Você assumiu este registro.')}>
          Assumir este registro
        </Button>
      ) : mine ? (
        <Button disabled={busy} onClick={() => assign(null, 'Você deixou este registro.')}>
          Deixar este registro
        </Button>
      ) : null}
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
