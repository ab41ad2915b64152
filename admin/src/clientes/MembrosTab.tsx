import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { CAPACIDADE_LABELS, formatDateBR, type MembroResponse } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { LoadingText } from '../layout/FormBits';
import { useCan } from '../layout/Restricted';
import { useClientesApi } from '../providers/clientesMethods';
import { AlterarMembroDialog, ConvidarMembroDialog } from './MembroDialogs';
import { RowsTable } from './RowsTable';

const R = 'resources.membros';

/**
 * The Membros tab (issue 54, ADR 0058): the client's people, their roles, capacities and status; staff who
 * edit clients invite, resend or revoke invitations, change roles and remove members (the named methods of
 * clientesMethods). The server keeps the last active Responsável (409, its message shown).
 */
export function MembrosTab({ clienteId }: { clienteId: string }) {
  const api = useClientesApi();
  const translate = useTranslate();
  const notify = useNotify();
  const canWrite = useCan('clientes.write');
  const [convidando, setConvidando] = useState(false);
  const [alterando, setAlterando] = useState<MembroResponse | null>(null);
  const [removendo, setRemovendo] = useState<MembroResponse | null>(null);
  const query = useQuery({ queryKey: ['membros-cliente', clienteId], queryFn: () => api.getClienteMembros(clienteId).then((r) => r.data), retry: false });

  const act = async (run: () => Promise<unknown>, ok: string) => {
    try {
      await run();
      notify(translate(`${R}.notifications.${ok}`), { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, translate(`${R}.errors.geral`)), { type: 'error' });
    }
    await query.refetch();
  };

  if (query.isPending) return <LoadingText />;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error, translate(`${R}.errors.geral`))}</Alert>;
  const rows = query.data.map((m) => [
    <span key="n">
      {m.nome}
      <br />
      <small>{m.email}</small>
    </span>,
    <span key="p">
      {m.papelLabel}
      <br />
      <small>{m.capacidades.map((c) => CAPACIDADE_LABELS[c]).join(', ')}</small>
    </span>,
    <Chip
      key="s"
      size="small"
      color={m.status === 'ativo' ? 'success' : 'default'}
      label={m.status === 'convidado' && m.conviteExpiraEm ? translate(`${R}.conviteAte`, { data: formatDateBR(m.conviteExpiraEm) }) : translate(`${R}.status.${m.status}`)}
    />,
    canWrite ? (
      <Stack key="a" direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button size="small" onClick={() => setAlterando(m)}>
          {translate(`${R}.actions.alterar`)}
        </Button>
        {m.status === 'convidado' && (
          <>
            <Button size="small" onClick={() => void act(() => api.reenviarConviteMembro(clienteId, m._id), 'reenviado')}>
              {translate(`${R}.actions.reenviar`)}
            </Button>
            <Button size="small" onClick={() => void act(() => api.revogarConviteMembro(clienteId, m._id), 'revogado')}>
              {translate(`${R}.actions.revogar`)}
            </Button>
          </>
        )}
        {m.status === 'ativo' && (
          <Button size="small" color="error" onClick={() => setRemovendo(m)}>
            {translate(`${R}.actions.remover`)}
          </Button>
        )}
      </Stack>
    ) : (
      ''
    ),
  ]);

  const done = () => {
    setConvidando(false);
    setAlterando(null);
    void query.refetch();
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {canWrite && (
        <Box>
          <Button variant="outlined" onClick={() => setConvidando(true)}>
            {translate(`${R}.actions.convidar`)}
          </Button>
        </Box>
      )}
      <RowsTable
        label={translate(`${R}.name`)}
        head={[translate(`${R}.fields.nome`), translate(`${R}.fields.papel`), translate(`${R}.fields.status`), '']}
        empty={translate(`${R}.vazio`)}
        rows={rows}
      />
      {convidando && <ConvidarMembroDialog clienteId={clienteId} onClose={() => setConvidando(false)} onDone={done} />}
      {alterando && <AlterarMembroDialog clienteId={clienteId} membro={alterando} onClose={() => setAlterando(null)} onDone={done} />}
      <Confirm
        isOpen={!!removendo}
        title={translate(`${R}.dialogs.remover`, { nome: removendo?.nome ?? '' })}
        content={translate(`${R}.confirmRemover`, { nome: removendo?.nome ?? '' })}
        onConfirm={() => {
          const m = removendo;
          setRemovendo(null);
          if (m) void act(() => api.removerMembro(clienteId, m._id), 'removido');
        }}
        onClose={() => setRemovendo(null)}
      />
    </Box>
  );
}
