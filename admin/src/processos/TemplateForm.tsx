import type { ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { ArrayInput, Form, type RaRecord, SaveButton, useNotify, useTranslate, type ValidateForm } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { FormProblem, submissionErrors } from '../layout/FormProblem';
import { OrderedRows } from './OrderedRows';

/** Below a template form: the server's refusal that names no input, Salvar, and Descartar (back to what is saved). */
function FormActions({ prefix }: { prefix: string }) {
  const translate = useTranslate();
  const { reset, formState } = useFormContext();
  return (
    <>
      <FormProblem />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <SaveButton label={`${prefix}.salvar`} icon={<></>} variant="contained" />
        <Button disabled={formState.isSubmitting || !formState.isDirty} onClick={() => reset()}>
          {translate(`${prefix}.descartar`)}
        </Button>
      </Box>
    </>
  );
}

/**
 * One of a service's templates (its stages, its checklist) as react-admin's <Form>: the list `source`
 * as an <ArrayInput> of ordered rows (`children(i)` draws row i's inputs), checked by `validate` (the
 * shared rule). Saved by `save`, it says `<prefix>.salvo` and reads `queryKey` again; the server's
 * refusal goes to the input it names, or above the buttons.
 */
export function TemplateForm<T extends RaRecord>(props: {
  record: T;
  source: string;
  prefix: string;
  max: number;
  novo: () => object;
  empty?: string;
  validate: ValidateForm;
  save: (values: Partial<T>) => Promise<unknown>;
  queryKey: readonly unknown[];
  children: (i: number) => ReactNode;
}) {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  async function onSubmit(values: Record<string, unknown>) {
    try {
      await props.save(values as Partial<T>);
    } catch (error) {
      return submissionErrors(error, translate(`${props.prefix}.erroSalvar`));
    }
    notify(`${props.prefix}.salvo`, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: props.queryKey });
  }
  return (
    <Form record={props.record} onSubmit={onSubmit} validate={props.validate} mode="onSubmit" noValidate>
      <ArrayInput source={props.source} label={false} helperText={false}>
        <OrderedRows prefix={props.prefix} max={props.max} novo={props.novo} empty={props.empty}>
          {props.children}
        </OrderedRows>
      </ArrayInput>
      <FormActions prefix={props.prefix} />
    </Form>
  );
}
