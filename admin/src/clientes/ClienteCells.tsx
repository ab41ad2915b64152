import { Box, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useListContext, useRecordContext, useTranslate } from 'react-admin';
import { EmptyText, type DialogRoute } from '../layout/ListScreen';
import { useCan } from '../layout/Restricted';
import { RowAction } from '../layout/RowAction';
import { isFiltered, type ClienteRecord } from './clienteList';

const R = 'clientes';

/** Razão social (with "(inativo)") over the nome fantasia. */
export function NameCell() {
  const c = useRecordContext<ClienteRecord>();
  if (!c) return null;
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {c.razaoSocial}
        {c.status === 'inativo' && (
          <Typography component="span" variant="caption" color="text.secondary">
            {' '}
            (inativo)
          </Typography>
        )}
      </Typography>
      {c.nomeFantasia && (
        <Typography variant="caption" color="text.secondary">
          {c.nomeFantasia}
        </Typography>
      )}
    </>
  );
}

export function RowActions(props: { dialog: DialogRoute; onDelete: (c: ClienteRecord) => void }) {
  const c = useRecordContext<ClienteRecord>();
  const translate = useTranslate();
  const canEdit = useCan('clientes.write');
  const canDelete = useCan('clientes.delete');
  if (!c) return null;
  const action = (key: string) => translate(`panel.actions.${key}`);
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <RowAction label={`Ver detalhes de ${c.razaoSocial}`} title="Ver detalhes" icon={<VisibilityIcon fontSize="small" />} onClick={() => props.dialog.open('show', c.id)} />
      {canEdit && <RowAction label={`${action('edit')} ${c.razaoSocial}`} title={action('edit')} icon={<EditIcon fontSize="small" />} onClick={() => props.dialog.open('edit', c.id)} />}
      {canDelete && (
        <RowAction label={`${action('delete')} ${c.razaoSocial}`} title={action('delete')} color="error" icon={<DeleteIcon fontSize="small" />} onClick={() => props.onDelete(c)} />
      )}
    </Box>
  );
}

/** The empty text: none at all, or none for the search, type or tab chosen. */
export function ClientesEmpty() {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  return <EmptyText>{translate(`resources.${R}.empty.${isFiltered(filterValues) ? 'noMatch' : 'none'}`)}</EmptyText>;
}
