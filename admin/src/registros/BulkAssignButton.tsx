import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import { useGetList, useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import type { UserResponse } from '@veritas/common';
import { useRegistrosApi } from '../providers/registrosMethods';
import { errorMessage } from '@veritas/web';

/**
 * Assigns the selected registros to one person (or to no one), one call each through the
 * dataProvider's assignRegistro; the server refuses what the caller may not do, and those stay as
 * they were while the others are done.
 */
export function BulkAssignButton() {
  const { selectedIds } = useListContext();
  const api = useRegistrosApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('registros');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const users = useGetList<UserResponse & { id: string }>('users', { pagination: { page: 1, perPage: 200 }, sort: { field: 'nomeCompleto', order: 'ASC' } });

  async function assign(responsavelId: string | null, nome: string) {
    setAnchor(null);
    setBusy(true);
    let done = 0;
    const failures: string[] = [];
    for (const id of selectedIds) {
      try {
        await api.assignRegistro(String(id), responsavelId);
        done += 1;
      } catch (err) {
        failures.push(errorMessage(err, 'Erro ao alterar o responsável.'));
      }
    }
    setBusy(false);
    if (done) notify(`${done === 1 ? '1 registro atribuído' : `${done} registros atribuídos`} a ${nome}.`, { type: 'success' });
    if (failures.length) notify(`${failures.length} não atribuído(s): ${failures[0]}`, { type: 'error' });
    unselectAll();
    refresh();
  }

  return (
    <>
      <Button size="small" startIcon={<AssignmentIndIcon />} disabled={busy} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        {busy ? 'Atribuindo...' : 'Atribuir a'}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': 'Atribuir a' } }}>
        <MenuItem onClick={() => void assign(null, 'ninguém (sem responsável)')}>Sem responsável</MenuItem>
        {(users.data ?? []).map((u) => (
          <MenuItem key={u.id} onClick={() => void assign(u._id, u.nomeCompleto)}>
            {u.nomeCompleto}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
