import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { Form, SaveButton, useSaveContext, useTranslate, type RaRecord, type ValidateForm } from 'react-admin';
import { errorMessage, UNEXPECTED_FAILURE } from '@veritas/web';

/** One of the spec's modals: a titled MUI Dialog, full screen on a phone; Esc and the backdrop close it. */
export function ModalDialog(props: { open: boolean; title: string; onClose: () => void; children: ReactNode; maxWidth?: 'xs' | 'sm' | 'md' }) {
  const titleId = useId();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={props.open} onClose={props.onClose} fullScreen={fullScreen} fullWidth maxWidth={props.maxWidth ?? 'sm'} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      {props.children}
    </Dialog>
  );
}

/**
 * The body of a create/edit modal inside CreateBase/EditBase: react-admin's <Form> with the
 * resource's inputs, Cancelar and Salvar. `check` is the shared form-level rule (its message shows
 * above the fields), `validate` the per-field ones; the server's refusal shows in the same place,
 * prefixed with `errorPrefix`, and a validation refusal also beside each field it names (the
 * server's `errors`, which react-admin's save hands back to the form).
 */
export function DialogForm<T extends RaRecord>(props: {
  children: ReactNode;
  onCancel: () => void;
  onSaved: (record: T) => void;
  check?: (values: T) => string | null;
  validate?: ValidateForm;
  transform?: (values: T) => Partial<T>;
  errorPrefix?: string;
  defaultValues?: Partial<T>;
}) {
  const { save, saving } = useSaveContext();
  const translate = useTranslate();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (values: Partial<RaRecord>) => {
    const record = values as T;
    const broken = props.check?.(record) ?? null;
    setProblem(broken);
    if (broken || !save) return;
    return save(props.transform ? props.transform(record) : record, {
      onSuccess: (data: T) => props.onSaved(data),
      onError: (error: unknown) => setProblem(`${props.errorPrefix ?? ''}${errorMessage(error, UNEXPECTED_FAILURE)}`),
    });
  };
  return (
    <Form onSubmit={submit} validate={props.validate} defaultValues={props.defaultValues} noValidate mode="onSubmit" reValidateMode="onChange">
      <DialogContent dividers sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
        {problem && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {problem}
          </Alert>
        )}
        {props.children}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={saving}>
          {translate('panel.actions.cancel')}
        </Button>
        <SaveButton alwaysEnable label="panel.actions.save" icon={<></>} variant="contained" />
      </DialogActions>
    </Form>
  );
}
