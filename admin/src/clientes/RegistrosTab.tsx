import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatDateBR, type RegistroResponse } from '@veritas/common';
import { StatusChip } from '../registros/StatusChip';
import { messageOf, usePanelApi } from '../ui/api';
import { LoadingText } from '../ui/FormBits';
import { SimpleTable } from '../ui/SimpleTable';

/** The Registros tab: GET /api/registros/cliente/:id, most recent first. */
export function RegistrosTab({ clienteId }: { clienteId: string }) {
  const api = usePanelApi();
  const query = useQuery({
    queryKey: ['registros-cliente', clienteId],
    queryFn: () => api.api<RegistroResponse[]>(`/registros/cliente/${clienteId}`).then((r) => r.data),
    retry: false,
  });
  if (query.isPending) return <LoadingText>Carregando registros...</LoadingText>;
  if (query.isError) return <Alert severity="error">{messageOf(query.error, 'Erro ao buscar registros do cliente')}</Alert>;
  return (
    <SimpleTable
      label="Registros do cliente"
      head={['Número', 'Data', 'Tipo', 'Status']}
      empty="Nenhum registro encontrado para este cliente."
      rows={query.data.map((r) => [
        r.numero,
        formatDateBR(r.data),
        r.tipo,
        <StatusChip key="s" status={r.status} />,
      ])}
    />
  );
}
