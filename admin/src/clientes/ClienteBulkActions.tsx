import { useState } from 'react';
import { Button } from '@mui/material';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ClienteStatus } from '@veritas/common';
import { useClientesApi } from '../providers/clientesMethods';
import { bulkStatusMessage, toChange, type ClienteRecord } from './clienteList';

const R = 'clientes';

/**
 * Ativar / Inativar the selected clients (after a confirmation) through the named dataProvider
 * method setClientesStatus; what the server refuses stays as it was and is reported.
 */
function BulkStatusButton({ status }: { status: ClienteStatus }) {
  const { selectedIds, data = [], onUnselectItems } = useListContext<ClienteRecord>();
  const api = useClientesApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const key = status === 'ativo' ? 'activate' : 'inactivate';
  const selected = data.filter((c) => selectedIds.includes(c.id));
  const ids = toChange(selected, status);
  const run = useMutation({
    mutationFn: () => api.setClientesStatus(ids, status),
    onSuccess: (result) => {
      const names = new Map(selected.map((c) => [c.id, c.razaoSocial]));
      const message = bulkStatusMessage(result, status, (id) => names.get(id));
      notify(message.text, { type: message.type, multiLine: result.failed.length > 0 });
      if (!result.failed.length) onUnselectItems();
      refresh();
    },
    onSettled: () => setAsking(false),
  });
  const ask = () => {
    if (!ids.length) {
      notify(`resources.${R}.bulk.nothing.${status}`, { type: 'info' });
      return;
    }
    setAsking(true);
  };
  return (
    <>
      <Button size="small" startIcon={status === 'ativo' ? <ToggleOnIcon /> : <ToggleOffIcon />} onClick={ask} disabled={run.isPending}>
        {translate(`panel.actions.${key}`)}
      </Button>
      <Confirm
        isOpen={asking}
        loading={run.isPending}
        title={`resources.${R}.bulk.title.${status}`}
        content={translate(`resources.${R}.bulk.confirm.${status}`, { smart_count: ids.length })}
        confirm={`panel.actions.${key}`}
        confirmColor={status === 'ativo' ? 'primary' : 'warning'}
        onConfirm={() => run.mutate()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

export function BulkActions() {
  return (
    <>
      <BulkStatusButton status="ativo" />
      <BulkStatusButton status="inativo" />
    </>
  );
}
