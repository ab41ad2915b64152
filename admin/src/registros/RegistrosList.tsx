import { Box, Typography } from '@mui/material';
import { ExportButton, List, SelectInput, TopToolbar, useGetList, useListContext } from 'react-admin';
import { REGISTRO_STATUS_LABELS, REGISTRO_STATUSES, SERVICOS_CATALOGO, type UserResponse } from '@veritas/common';
import { BulkAssignButton } from './BulkAssignButton';
import {
  CheckboxFilter,
  EmptyText,
  FilterTabs,
  type FilterOption,
  registroSearch,
  RegistrosDataTable,
  useRegistrosExporter,
} from './RegistrosDataTable';
import { LIST_SX, SCREEN_SX } from './screen';

const STATUS_TABS: readonly FilterOption[] = [
  { value: 'todos', label: 'Todos', filter: {} },
  ...REGISTRO_STATUSES.map((s) => ({ value: s, label: REGISTRO_STATUS_LABELS[s], filter: { status: s } })),
];

function useFilters() {
  const users = useGetList<UserResponse & { id: string }>('users', { pagination: { page: 1, perPage: 200 }, sort: { field: 'nomeCompleto', order: 'ASC' } });
  const responsaveis = [{ id: 'nenhum', name: 'Sem responsável' }, ...(users.data ?? []).map((u) => ({ id: u._id, name: u.nomeCompleto }))];
  return [
    registroSearch,
    <SelectInput key="responsavelId" source="responsavelId" alwaysOn choices={responsaveis} emptyText="Todos" sx={{ minWidth: 200 }} />,
    <SelectInput key="servico" source="servico" alwaysOn choices={SERVICOS_CATALOGO.map((s) => ({ id: s.codigo, name: s.nome }))} emptyText="Todos" sx={{ minWidth: 220 }} />,
  ];
}

function Empty() {
  const { filterValues } = useListContext();
  return <EmptyText>{Object.keys(filterValues).length ? 'Nenhum registro encontrado para esta busca.' : 'Não há registros cadastrados.'}</EmptyText>;
}

/** /painel/registros: every registro of the firm (master and diretoria); filters, sort and page in the URL. */
export function RegistrosList() {
  const exporter = useRegistrosExporter('registros');
  return (
    <Box sx={SCREEN_SX}>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Registros
      </Typography>
      <List
        resource="registros"
        storeKey="registros.todos"
        title="Registros"
        filters={useFilters()}
        sort={{ field: 'data', order: 'DESC' }}
        perPage={25}
        exporter={exporter}
        actions={
          <TopToolbar sx={{ alignItems: 'center' }}>
            <CheckboxFilter source="vencido" label="Somente vencidos" />
            <ExportButton maxResults={5000} />
          </TopToolbar>
        }
        empty={false}
        sx={LIST_SX}
      >
        <FilterTabs label="Status dos registros" options={STATUS_TABS} />
        <RegistrosDataTable base="registros" bulkActionButtons={<BulkAssignButton />} empty={<Empty />} />
      </List>
    </Box>
  );
}
