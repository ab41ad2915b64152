import { useState } from 'react';
import { Alert, Button, DialogContent } from '@mui/material';
import { Form, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { AgendaPessoaResponse, EventoResponse } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { ModalDialog } from '../layout/DialogForm';
import { FormDialogActions, FormProblem, submissionErrors } from '../layout/FormProblem';
import { useAgendaApi } from '../providers/agendaMethods';
import { EventoInputs } from './EventoInputs';
import { emptyValues, eventoFieldOf, inputOf, validateEvento, valuesOf, type EventoFormValues } from './eventoForm';

export type EventoDialogState =
  | { mode: 'create'; start?: Date; end?: Date; allDay?: boolean }
  | { mode: 'edit'; evento: EventoResponse; readOnly: boolean };

const R = 'resources.agenda/eventos';

/** Create, edit (the creator or the board) or look at an event; the server decides and answers in pt-BR beside the field. */
export function EventoDialog(props: { state: EventoDialogState; pessoas: AgendaPessoaResponse[]; onClose: () => void; onSaved: () => void }) {
  const { state, pessoas, onClose, onSaved } = props;
  const api = useAgendaApi();
  const translate = useTranslate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState<{ busy: boolean; problem: string | null }>({ busy: false, problem: null });
  const evento = state.mode === 'edit' ? state.evento : null;
  const readOnly = state.mode === 'edit' && state.readOnly;
  const defaults = evento ? valuesOf(evento) : emptyValues(state.mode === 'create' ? state.start : undefined, state.mode === 'create' ? state.end : undefined, state.mode === 'create' ? state.allDay : false);
  const messages = { titulo: translate(`${R}.errors.titulo`), periodo: translate(`${R}.errors.periodo`), data: translate(`${R}.errors.data`), vezes: translate(`${R}.errors.vezes`) };

  const save = async (values: FieldValues) => {
    try {
      const input = inputOf(values as EventoFormValues);
      if (evento) await api.updateEvento(evento.id, input);
      else await api.createEvento(input);
      onSaved();
      return undefined;
    } catch (error) {
      return submissionErrors(error, translate(`${R}.errors.save`), eventoFieldOf);
    }
  };
  const remove = async () => {
    if (!evento) return;
    setDeleting({ busy: true, problem: null });
    try {
      await api.deleteEvento(evento.id);
      onSaved();
    } catch (err) {
      setDeleting({ busy: false, problem: errorMessage(err, translate(`${R}.errors.delete`)) });
      setConfirmDelete(false);
    }
  };

  const title = translate(`${R}.dialogs.${state.mode === 'create' ? 'create' : readOnly ? 'show' : 'edit'}`);
  return (
    <ModalDialog open title={title} onClose={deleting.busy ? () => undefined : onClose} maxWidth="md">
      <Form onSubmit={save} validate={(v) => validateEvento(v as EventoFormValues, messages)} defaultValues={defaults} record={{}} resource="agenda/eventos" noValidate>
        <DialogContent dividers sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
          <FormProblem />
          {deleting.problem && <Alert severity="error">{deleting.problem}</Alert>}
          {readOnly && evento && <Alert severity="info">{translate(`${R}.readOnly`, { nome: evento.criadoPorNome ?? translate(`${R}.outraPessoa`) })}</Alert>}
          <EventoInputs pessoas={pessoas} readOnly={readOnly} rruleOriginal={evento?.rrule ?? null} />
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          cancel={readOnly ? 'panel.actions.close' : 'panel.actions.cancel'}
          submit={readOnly ? undefined : 'panel.actions.save'}
          start={
            evento && !readOnly ? (
              <Button color="error" onClick={() => setConfirmDelete(true)} sx={{ mr: 'auto' }}>
                {translate('panel.actions.delete')}
              </Button>
            ) : null
          }
        />
      </Form>
      <ConfirmDialog open={confirmDelete} title={translate(`${R}.dialogs.delete`)} busy={deleting.busy} onConfirm={remove} onClose={() => setConfirmDelete(false)}>
        {translate(`${R}.confirmDelete.${evento?.rrule ? 'recorrente' : 'simples'}`)}
        {evento?.convidarCliente ? translate(`${R}.confirmDelete.convidado`) : ''}
      </ConfirmDialog>
    </ModalDialog>
  );
}
