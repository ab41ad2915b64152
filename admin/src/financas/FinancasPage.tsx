import { Box } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useNotify, useRefresh, useTranslate } from 'react-admin';
import { PageHeader, useDialogRoute } from '../layout/ListScreen';
import { ModalDialog } from '../layout/DialogForm';
import { Restricted, useCan } from '../layout/Restricted';
import { SCREEN_SX } from '../layout/screen';
import { CobrancaList } from './CobrancaList';
import { CobrancaShow } from './CobrancaShow';
import { EditarCobrancaDialog, NovaCobrancaDialog } from './CobrancaDialogs';
import { ExtratoImport } from './ExtratoImport';
import { Resumo } from './Resumo';

const R = 'cobrancas';

/**
 * /painel/financas (issue 12): the summary and the charges list. A charge's details, Nova Cobrança
 * and Editar cobrança are addresses over the list (/financas/:id/show, /financas/create,
 * /financas/:id), as the clients' modals are. Holders of Financeiro, diretoria, master.
 */
export default function FinancasPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const canWrite = useCan('financas.write');
  const dialog = useDialogRoute('financas');
  const saved = (key: 'created' | 'updated', then: () => void) => () => {
    notify(`resources.${R}.notifications.${key}`, { type: 'success' });
    void queryClient.invalidateQueries({ queryKey: ['financas-resumo'] });
    refresh();
    then();
  };
  const actions = canWrite && (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <ExtratoImport />
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => dialog.open('create')}>
        {translate(`resources.${R}.actions.create`)}
      </Button>
    </Box>
  );
  return (
    <Restricted action="financas.read">
      <Box sx={SCREEN_SX}>
        <Title title={translate(`resources.${R}.heading`)} />
        <PageHeader title={translate(`resources.${R}.heading`)} action={actions} />
        <Resumo />
        <CobrancaList onShow={(id) => dialog.open('show', id)} />
      </Box>
      <ModalDialog open={dialog.kind === 'show'} title={translate(`resources.${R}.dialogs.show`)} onClose={dialog.close} maxWidth="md">
        {dialog.kind === 'show' && dialog.id && <CobrancaShow id={dialog.id} onEdit={() => dialog.open('edit', dialog.id!, { back: 'show' })} onClose={dialog.close} />}
      </ModalDialog>
      {canWrite && <NovaCobrancaDialog open={dialog.kind === 'create'} onClose={dialog.close} onSaved={saved('created', dialog.closeAll)} />}
      {canWrite && <EditarCobrancaDialog id={dialog.kind === 'edit' ? dialog.id : null} onClose={dialog.close} onSaved={saved('updated', dialog.close)} />}
    </Restricted>
  );
}
