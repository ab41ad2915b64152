import type { ReactNode } from 'react';
import { Alert, Button, DialogActions } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import { errorMessage } from '@veritas/web';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A failed save as react-admin's <Form> takes it back from onSubmit: the server's own `errors` by
 * field when it sent them, else its message beside the field `fieldOf` names, else above the form
 * (`root.serverError`, shown by <FormProblem>).
 */
export function submissionErrors(error: unknown, fallback: string, fieldOf?: (message: string) => string | null): FieldValues {
  const body = isRecord(error) ? error.body : undefined;
  const byField = isRecord(body) ? body.errors : undefined;
  if (isRecord(byField) && Object.keys(byField).length) {
    return Object.fromEntries(Object.entries(byField).map(([field, m]) => [field, Array.isArray(m) ? m.join(' ') : String(m)]));
  }
  const message = errorMessage(error, fallback);
  const field = fieldOf?.(message);
  return field ? { [field]: message } : { root: { serverError: message } };
}

/** The form's problem that belongs to no field (a refusal of the server's), above the inputs. */
export function FormProblem() {
  const { errors } = useFormState();
  const message = errors.root?.serverError?.message;
  return message ? (
    <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
      {String(message)}
    </Alert>
  ) : null;
}

/** A page form's submit (a react-admin label key), held while the form is being sent. */
export function SubmitButton({ label }: { label: string }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting}>
      {translate(label)}
    </Button>
  );
}

/** A dialog form's buttons: cancel and submit (a react-admin label key), both held while it is sent; `start` goes on the left. */
export function FormDialogActions(props: { onCancel: () => void; submit?: string; cancel?: string; disabled?: boolean; start?: ReactNode }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <DialogActions>
      {props.start}
      <Button onClick={props.onCancel} disabled={isSubmitting}>
        {translate(props.cancel ?? 'panel.actions.cancel')}
      </Button>
      {props.submit && (
        <Button type="submit" variant="contained" disabled={isSubmitting || props.disabled}>
          {translate(props.submit)}
        </Button>
      )}
    </DialogActions>
  );
}
