import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatDateBR } from '@veritas/common';
import { StatusChip } from '../registros/StatusChip';
import { useClientesApi } from '../providers/clientesMethods';
import { messageOf } from '../providers/errors';
import { LoadingText } from '../layout/FormBits';
import { RowsTable } from './RowsTable';

/** The Registros tab: GET /api/registros/cliente/:id (the named method getClienteRegistros), most recent first. */
export function RegistrosTab({ clienteId }: { clienteId: string }) {
  const api = useClientesApi();
  const query = useQuery({
    queryKey: ['registros-cliente', clienteId],
    queryFn: () => api.getClienteRegistros(clienteId).then((r) => r.data),
    retry: false,
  });
  if (query.isPending) return <LoadingText>Carregando registros...</LoadingText>;
  if (query.isError) return <Alert severity="error">{messageOf(query.error, 'Erro ao buscar registros do cliente')}</Alert>;
  return (
    <RowsTable
      label="Registros do cliente"
      head={['Número', 'Data', 'Tipo', 'Status']}
      empty="Nenhum registro encontrado para este cliente."
      rows={query.data.map((r) => [r.numero, formatDateBR(r.data), r.tipo, <StatusChip key="s" status={r.status} />])}
    />
  );
}
