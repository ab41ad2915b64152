import { useState } from 'react';
import { Box, Button, DialogActions, DialogContent, IconButton, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DataTable,
  DateInput,
  Form,
  ListContextProvider,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  useDataProvider,
  useList,
  useNotify,
  useTranslate,
} from 'react-admin';
import { AUSENCIA_TIPOS, type AusenciaInput, type AusenciaResponse, formatDateBR, type PessoaCargaResponse } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { ModalDialog } from '../layout/DialogForm';
import { FormProblem, submissionErrors } from '../layout/FormProblem';
import { useCan } from '../layout/Restricted';
import type { PanelDataProvider } from '../providers/dataProvider';
import { ausenciaPayload, campoDaAusencia } from './equipeForm';

const P = 'equipe.ausencias';
const NOVA: AusenciaInput = { tipo: 'ferias', de: '', ate: '', nota: '' };

/**
 * Nova ausência: react-admin's <Form>; the server's refusal (an overlap, the days' order) shows beside
 * its input. Once saved, a new empty form takes its place (`vez`).
 */
function AusenciaForm({ userId, onSaved }: { userId: string; onSaved: () => Promise<unknown> }) {
  const dataProvider = useDataProvider<PanelDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [vez, setVez] = useState(0);
  const tipos = AUSENCIA_TIPOS.map((id) => ({ id, name: `equipe.tipos.${id}` }));
  async function save(values: Partial<AusenciaInput>) {
    try {
      await dataProvider.criarAusencia(userId, ausenciaPayload(values as AusenciaInput));
    } catch (error) {
      return submissionErrors(error, translate(`${P}.erroRegistrar`), campoDaAusencia);
    }
    notify(`${P}.registrada`, { type: 'success' });
    setVez((n) => n + 1);
    await onSaved();
  }
  return (
    <Form key={vez} defaultValues={NOVA} onSubmit={save} mode="onSubmit" noValidate>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {translate(`${P}.nova`)}
      </Typography>
      <SelectInput source="tipo" label={`${P}.fields.tipo`} choices={tipos} validate={required()} helperText={false} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <DateInput source="de" label={`${P}.fields.de`} validate={required()} helperText={false} />
        <DateInput source="ate" label={`${P}.fields.ate`} validate={required()} helperText={false} />
      </Box>
      <TextInput source="nota" label={`${P}.fields.nota`} helperText={false} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <FormProblem />
      <SaveButton label={`${P}.adicionar`} icon={<></>} variant="contained" sx={{ mt: 1 }} />
    </Form>
  );
}

/** Ausências of one person (Equipe): the list, Excluir, and Nova ausência for the board. */
export function AusenciasDialog({ pessoa, onClose }: { pessoa: PessoaCargaResponse; onClose: () => void }) {
  const dataProvider = useDataProvider<PanelDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const canEdit = useCan('equipe');
  const lista = useQuery({ queryKey: ['equipe', 'ausencias', pessoa.id], queryFn: () => dataProvider.ausencias(pessoa.id) });
  const list = useList<AusenciaResponse>({ data: lista.data, isPending: lista.isPending, sort: { field: 'de', order: 'DESC' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['equipe'] });
  const excluir = useMutation({
    mutationFn: (a: AusenciaResponse) => dataProvider.excluirAusencia(pessoa.id, a.id),
    onSuccess: () => {
      notify(`${P}.excluida`, { type: 'success' });
      return refresh();
    },
    onError: (error) => notify(errorMessage(error, translate(`${P}.erroExcluir`)), { type: 'error' }),
  });

  return (
    <ModalDialog open title={translate(`${P}.de`, { nome: pessoa.nomeCompleto })} onClose={onClose}>
      <DialogContent dividers>
        <ListContextProvider value={list}>
          <DataTable
            resource="ausencias"
            aria-label={translate(`${P}.lista`)}
            bulkActionButtons={false}
            rowClick={false}
            empty={<Typography color="text.secondary">{translate(`${P}.nenhuma`)}</Typography>}
            sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
          >
            <DataTable.Col source="tipo" label={`${P}.fields.tipo`} render={(a: AusenciaResponse) => translate(`equipe.tipos.${a.tipo}`)} />
            <DataTable.Col source="de" label={`${P}.fields.de`} render={(a: AusenciaResponse) => formatDateBR(a.de)} />
            <DataTable.Col source="ate" label={`${P}.fields.ate`} render={(a: AusenciaResponse) => formatDateBR(a.ate)} />
            <DataTable.Col source="nota" label={`${P}.fields.nota`} disableSort />
            {canEdit && (
              <DataTable.Col label="panel.columns.actions" disableSort render={(a: AusenciaResponse) => (
                <IconButton aria-label={translate(`${P}.excluir`, { de: formatDateBR(a.de) })} disabled={excluir.isPending} onClick={() => excluir.mutate(a)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )} />
            )}
          </DataTable>
        </ListContextProvider>
        {canEdit && <AusenciaForm userId={pessoa.id} onSaved={refresh} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('panel.actions.close')}</Button>
      </DialogActions>
    </ModalDialog>
  );
}
