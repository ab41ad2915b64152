import { Alert, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatDateBR } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { StatusChip } from '../registros/StatusChip';
import { NovoRegistroButton } from '../registros/NovoRegistroDialog';
import { useClientesApi } from '../providers/clientesMethods';
import { LoadingText } from '../layout/FormBits';
import { RowsTable } from './RowsTable';

/** The Registros tab: GET /api/registros/cliente/:id (the named method getClienteRegistros), most recent first, and "Criar" for this client. */
export function RegistrosTab({ clienteId }: { clienteId: string }) {
  const api = useClientesApi();
  const query = useQuery({
    queryKey: ['registros-cliente', clienteId],
    queryFn: () => api.getClienteRegistros(clienteId).then((r) => r.data),
    retry: false,
  });
  if (query.isPending) return <LoadingText>Carregando registros...</LoadingText>;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error, 'Erro ao buscar registros do cliente')}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box>
        <NovoRegistroButton clienteId={clienteId} onCreated={() => void query.refetch()} />
      </Box>
      <RowsTable
      label="Registros do cliente"
      head={['Número', 'Data', 'Tipo', 'Status']}
      empty="Nenhum registro encontrado para este cliente."
      rows={query.data.map((r) => [r.numero, formatDateBR(r.data), r.tipo, <StatusChip key="s" status={r.status} />])}
      />
    </Box>
  );
}
