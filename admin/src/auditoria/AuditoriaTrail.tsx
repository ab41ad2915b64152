import { Typography } from '@mui/material';
import { List } from 'react-admin';
import { useCan } from '../layout/Restricted';
import { AuditoriaTable, R } from './AuditoriaTable';

/**
 * "Histórico de alterações" of one client or registro: its entries and those of its parts (a
 * client's documents and charges; a registro's documents, stages, exigências and checklist), newest
 * first, for whoever reads the trail (the board); nothing for the others.
 */
export function AuditoriaTrail({ entidade, id }: { entidade: 'clientes' | 'registros'; id: string }) {
  const allowed = useCan('auditoria.read');
  if (!allowed) return null;
  return (
    <section aria-label="Histórico de alterações">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
        Histórico de alterações
      </Typography>
      <List
        resource={R}
        filter={entidade === 'clientes' ? { clienteId: id } : { registroId: id }}
        sort={{ field: 'em', order: 'DESC' }}
        perPage={10}
        disableSyncWithLocation
        storeKey={false}
        actions={false}
        title={false as unknown as string}
        empty={<Typography color="text.secondary">Nenhuma alteração registrada.</Typography>}
      >
        <AuditoriaTable />
      </List>
    </section>
  );
}
