import { Box } from '@mui/material';
import { useGetOne, useListContext } from 'react-admin';
import { ClienteAutocomplete, type ClienteOption } from '../documentos/ClienteAutocomplete';
import { RegistroAutocomplete, type RegistroOption } from '../registros/RegistroAutocomplete';
import { useMailText } from './mailText';

type Vinculo = 'clienteId' | 'registroId';

const idOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * The mailbox narrowed to a client and/or a registro (issue 56): the list's `clienteId` and `registroId`
 * filters (GET /api/emails, through the messages' links), in the address like the folder and the search,
 * so the reader's "e-mails deste cliente" links land here already filtered. The chosen names are read back
 * by id; a registro the caller may not see keeps a neutral name.
 */
export function MailFilters() {
  const t = useMailText();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const clienteId = idOf(filterValues.clienteId);
  const registroId = idOf(filterValues.registroId);
  const cliente = useGetOne<ClienteOption & { id: string }>('clientes', { id: clienteId ?? '' }, { enabled: !!clienteId });
  const registro = useGetOne<RegistroOption & { id: string }>('registros', { id: registroId ?? '' }, { enabled: !!registroId });
  const set = (key: Vinculo, id: string | null) => {
    const next: Record<string, unknown> = { ...filterValues };
    if (id) next[key] = id;
    else delete next[key];
    setFilters(next, displayedFilters, false);
  };
  const clienteValue: ClienteOption | null = clienteId ? (cliente.data ?? { _id: clienteId, razaoSocial: t('filters.carregando'), cnpj: null }) : null;
  const registroNome = registro.isError ? t('filters.registroSelecionado') : t('filters.carregando');
  const registroValue: RegistroOption | null = registroId ? (registro.data ?? { _id: registroId, numero: registroNome, clienteNome: null }) : null;
  const sx = { flex: '1 1 220px', maxWidth: { sm: 354 } };
  return (
    <Box role="group" aria-label={t('filters.label')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, maxWidth: 720 }}>
      <ClienteAutocomplete lazy size="small" value={clienteValue} onChange={(c) => set('clienteId', c?._id ?? null)} sx={sx} />
      <RegistroAutocomplete size="small" clienteId={clienteId} value={registroValue} onChange={(r) => set('registroId', r?._id ?? null)} sx={sx} />
    </Box>
  );
}
