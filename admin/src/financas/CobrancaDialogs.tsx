import { DialogContent } from '@mui/material';
import { CreateBase, EditBase, Form, useSaveContext, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { CobrancaDetalheResponse } from '@veritas/common';
import { ModalDialog } from '../layout/DialogForm';
import { FormDialogActions, FormProblem, submissionErrors } from '../layout/FormProblem';
import { CobrancaInputs } from './CobrancaInputs';
import { cobrancaEdicaoPayload, cobrancaFieldOf, cobrancaPayload, NOVA_COBRANCA, validateCobranca, type CobrancaValues } from './cobrancaForm';

const R = 'cobrancas';

/**
 * The form inside CreateBase/EditBase: the shared rules run before anything is sent, and the
 * server's refusal lands on the input it is about (or above the form).
 */
function CobrancaForm(props: { mode: 'create' | 'edit'; defaults?: CobrancaValues; onCancel: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const { save } = useSaveContext();
  const create = props.mode === 'create';
  const submit = async (values: CobrancaValues) => {
    if (!save) return undefined;
    let failure: unknown = null;
    await save(create ? cobrancaPayload(values) : cobrancaEdicaoPayload(values), {
      onSuccess: props.onSaved,
      onError: (error: unknown) => {
        failure = error;
      },
    });
    return failure ? submissionErrors(failure, translate(`resources.${R}.errors.save`), cobrancaFieldOf) : undefined;
  };
  return (
    <Form
      onSubmit={(values: FieldValues) => submit(values as CobrancaValues)}
      validate={(values) => validateCobranca(values as CobrancaValues, { cliente: create ? translate(`resources.${R}.errors.cliente`) : undefined })}
      defaultValues={create ? (props.defaults ?? NOVA_COBRANCA) : undefined}
      noValidate
    >
      <DialogContent dividers sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
        <FormProblem />
        <CobrancaInputs cliente={create} />
      </DialogContent>
      <FormDialogActions onCancel={props.onCancel} submit={`resources.${R}.actions.${create ? 'emitir' : 'saveEdit'}`} />
    </Form>
  );
}

/**
 * "Nova Cobrança": a manual charge (client, registro, due date, lines of honorários and taxas);
 * `defaults` fills it in (a registro's "Cobrar": its client, itself and its price).
 */
export function NovaCobrancaDialog(props: { open: boolean; defaults?: CobrancaValues; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  return (
    <ModalDialog open={props.open} title={translate(`resources.${R}.dialogs.create`)} onClose={props.onClose}>
      {props.open && (
        <CreateBase resource={R} redirect={false}>
          <CobrancaForm mode="create" defaults={props.defaults} onCancel={props.onClose} onSaved={props.onSaved} />
        </CreateBase>
      )}
    </ModalDialog>
  );
}

/** "Editar cobrança": the due date and the lines of an open charge without payments. */
export function EditarCobrancaDialog(props: { id: string | null; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  return (
    <ModalDialog open={!!props.id} title={translate(`resources.${R}.dialogs.edit`)} onClose={props.onClose}>
      {props.id && (
        <EditBase<CobrancaDetalheResponse & { id: string }> resource={R} id={props.id} redirect={false} mutationMode="pessimistic">
          <CobrancaForm mode="edit" onCancel={props.onClose} onSaved={props.onSaved} />
        </EditBase>
      )}
    </ModalDialog>
  );
}
