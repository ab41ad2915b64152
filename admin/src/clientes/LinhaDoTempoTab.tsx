import { Chip, Link as MuiLink, Typography } from '@mui/material';
import { DataTable, List, Pagination, ReferenceInput, SelectArrayInput, SelectInput, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDateTimeBR, LINHA_DO_TEMPO_TIPO_LABELS, LINHA_DO_TEMPO_TIPOS, type LinhaDoTempoItem, type RegistroResponse } from '@veritas/common';

type Linha = LinhaDoTempoItem & { id: string };

/** The labels' keys (resources.linha-do-tempo.*): the list's resource is per client, so its own keys would be too. */
const L = 'resources.linha-do-tempo';
const TIPOS = LINHA_DO_TEMPO_TIPOS.map((id) => ({ id, name: LINHA_DO_TEMPO_TIPO_LABELS[id] }));

function filtros(clienteId: string) {
  return [
    <SelectArrayInput key="tipo" source="tipo" label={`${L}.fields.tipo`} choices={TIPOS} alwaysOn helperText={false} sx={{ minWidth: 220 }} />,
    <ReferenceInput key="registroId" source="registroId" reference="registros" filter={{ clienteId }} sort={{ field: 'createdAt', order: 'DESC' }} perPage={100} alwaysOn>
      <SelectInput
        label={`${L}.fields.registroId`}
        optionText={(r: RegistroResponse) => `${r.numero} · ${r.tipo}`}
        emptyText={`${L}.todosRegistros`}
        helperText={false}
        sx={{ minWidth: 220 }}
      />
    </ReferenceInput>,
  ];
}

/**
 * "Linha do tempo" of a client's record (issue 56, ADR 0054): GET /api/clientes/:id/linha-do-tempo through the
 * dataProvider — mails of one's own mailbox, registros and their stages, exigências, checklist items,
 * documents, charges and payments, appointments — newest first, filtered by kind and registro, each line
 * opening its record.
 */
export function LinhaDoTempoTab({ clienteId }: { clienteId: string }) {
  const translate = useTranslate();
  return (
    <List
      resource={`clientes/${clienteId}/linha-do-tempo`}
      sort={{ field: 'data', order: 'DESC' }}
      perPage={10}
      filters={filtros(clienteId)}
      disableSyncWithLocation
      storeKey={false}
      actions={false}
      title={false as unknown as string}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
      empty={<Typography color="text.secondary">{translate(`${L}.vazio`)}</Typography>}
    >
      <DataTable<Linha> aria-label={translate(`${L}.name`)} bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="data" label={`${L}.fields.data`} disableSort render={(l: Linha) => formatDateTimeBR(l.data)} />
        <DataTable.Col source="tipoLabel" label={`${L}.fields.tipoLabel`} disableSort render={(l: Linha) => <Chip size="small" variant="outlined" label={l.tipoLabel} />} />
        <DataTable.Col
          source="titulo"
          label={`${L}.fields.titulo`}
          disableSort
          render={(l: Linha) => (
            <MuiLink component={Link} to={l.link} sx={{ overflowWrap: 'anywhere' }}>
              {l.titulo}
            </MuiLink>
          )}
        />
      </DataTable>
    </List>
  );
}
