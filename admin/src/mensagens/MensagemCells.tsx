import { useState } from 'react';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Chip } from '@mui/material';
import { Button as RaButton, useListContext, useNotify, useRefresh } from 'react-admin';
import type { ContatoMensagemResponse } from '@veritas/common';
import { bulkNotice, plural } from '../providers/bulk';
import { useMensagensApi } from '../providers/mensagensMethods';
import { EmptyText } from '../layout/ListScreen';

/** Não lida, Tratada or Pendente, Respondida. */
export function StatusChips({ m }: { m: ContatoMensagemResponse }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {!m.lida && <Chip size="small" color="primary" label="Não lida" />}
      <Chip size="small" color={m.tratada ? 'success' : 'warning'} variant="outlined" label={m.tratada ? 'Tratada' : 'Pendente'} />
      {m.respondidaEm && <Chip size="small" variant="outlined" label="Respondida" />}
    </Box>
  );
}

/** Bold while unread, as in a mailbox. */
export const weight = (m: ContatoMensagemResponse) => (m.lida ? 400 : 700);

export function MensagensEmpty() {
  const { filterValues } = useListContext();
  const filtered = !!filterValues.q || (!!filterValues.status && filterValues.status !== 'todas');
  return <EmptyText>{filtered ? 'Nenhuma mensagem encontrada para esta busca' : 'Nenhuma mensagem recebida'}</EmptyText>;
}

/** Bulk "Marcar como tratada" (the named dataProvider method; one PUT per message). */
export function BulkTratadaButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const api = useMensagensApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const mark = async () => {
    setBusy(true);
    const result = await api.markMensagensTratadas(selectedIds);
    const notice = bulkNotice(
      result,
      (n) => `${plural(n, 'mensagem marcada', 'mensagens marcadas')} como tratada${n === 1 ? '' : 's'}.`,
      (n) => plural(n, 'não mudou', 'não mudaram'),
    );
    notify(notice.text, { type: notice.type });
    setBusy(false);
    onUnselectItems();
    refresh();
  };
  return (
    <RaButton label="Marcar como tratada" onClick={() => void mark()} disabled={busy}>
      <DoneAllIcon />
    </RaButton>
  );
}
