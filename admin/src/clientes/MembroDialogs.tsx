import { CheckboxGroupInput, Form, maxLength, required, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { DialogContent } from '@mui/material';
import { useWatch, type FieldValues } from 'react-hook-form';
import {
  CAPACIDADE_LABELS,
  CAPACIDADES_AJUSTAVEIS,
  CAPACIDADES_PADRAO,
  type Capacidade,
  capacidadesProblem,
  isValidEmail,
  type MembroResponse,
  PAPEIS_MEMBRO,
  PAPEL_MEMBRO_LABELS,
  type PapelMembro,
  papelProblem,
  validateCpfField,
} from '@veritas/common';
import { ModalDialog } from '../layout/DialogForm';
import { FormDialogActions, FormProblem, submissionErrors } from '../layout/FormProblem';
import { useClientesApi } from '../providers/clientesMethods';

const R = 'resources.membros';
const PAPEL_CHOICES = PAPEIS_MEMBRO.map((p) => ({ id: p, name: PAPEL_MEMBRO_LABELS[p] }));
const CAPACIDADE_CHOICES = CAPACIDADES_AJUSTAVEIS.map((c) => ({ id: c, name: CAPACIDADE_LABELS[c] }));
export const padrao = (papel: PapelMembro): Capacidade[] => CAPACIDADES_AJUSTAVEIS.filter((c) => CAPACIDADES_PADRAO[papel].includes(c));

// react-admin validators wrapping the shared rules (packages/common): the same the server's DTOs run.
const email = (v: unknown) => (typeof v === 'string' && v.trim() && !isValidEmail(v.trim()) ? `${R}.errors.email` : undefined);
const cpf = (v: unknown) => (typeof v === 'string' && v.trim() ? (validateCpfField(v) ?? undefined) : undefined);
const papel = (v: unknown) => papelProblem(v) ?? undefined;
const capacidades = (v: unknown) => (v === undefined ? undefined : (capacidadesProblem(v) ?? undefined));

/** The capacities' checkboxes, for any role but Responsável (who may do everything). */
function CapacidadesInput() {
  const escolhido = useWatch({ name: 'papel' }) as PapelMembro | undefined;
  if (escolhido === 'responsavel') return null;
  return <CheckboxGroupInput source="capacidades" label={`${R}.fields.capacidades`} choices={CAPACIDADE_CHOICES} translateChoice={false} validate={capacidades} row={false} />;
}

const body = (v: FieldValues) => ({ papel: v.papel as PapelMembro, ...(v.papel !== 'responsavel' && { capacidades: (v.capacidades ?? []) as Capacidade[] }) });

/** Staff invite a person into the client's company (name, e-mail, CPF, role, capacities). */
export function ConvidarMembroDialog({ clienteId, onClose, onDone }: { clienteId: string; onClose: () => void; onDone: () => void }) {
  const api = useClientesApi();
  const translate = useTranslate();
  const notify = useNotify();
  const submit = async (v: FieldValues) => {
    try {
      const { data } = await api.convidarMembro(clienteId, { nome: String(v.nome).trim(), email: String(v.email).trim(), ...(v.cpf?.trim() && { cpf: v.cpf.trim() }), ...body(v) });
      notify(translate(`${R}.notifications.convidado`, { email: data.email }), { type: 'success' });
      onDone();
      return undefined;
    } catch (error) {
      return submissionErrors(error, translate(`${R}.errors.geral`));
    }
  };
  return (
    <ModalDialog open title={translate(`${R}.dialogs.convidar`)} onClose={onClose}>
      <Form onSubmit={submit} defaultValues={{ papel: 'colaborador', capacidades: padrao('colaborador') }} noValidate>
        <DialogContent dividers sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
          <FormProblem />
          <TextInput source="nome" label={`${R}.fields.nome`} validate={[required(), maxLength(160)]} />
          <TextInput source="email" type="email" label={`${R}.fields.email`} validate={[required(), email]} />
          <TextInput source="cpf" label={`${R}.fields.cpf`} validate={cpf} />
          <SelectInput source="papel" label={`${R}.fields.papel`} choices={PAPEL_CHOICES} translateChoice={false} validate={[required(), papel]} />
          <CapacidadesInput />
        </DialogContent>
        <FormDialogActions onCancel={onClose} submit={`${R}.actions.enviar`} />
      </Form>
    </ModalDialog>
  );
}

/** Staff change a member's role and capacities. */
export function AlterarMembroDialog({ clienteId, membro, onClose, onDone }: { clienteId: string; membro: MembroResponse; onClose: () => void; onDone: () => void }) {
  const api = useClientesApi();
  const translate = useTranslate();
  const notify = useNotify();
  const submit = async (v: FieldValues) => {
    try {
      await api.atualizarMembro(clienteId, membro._id, body(v));
      notify(translate(`${R}.notifications.alterado`), { type: 'success' });
      onDone();
      return undefined;
    } catch (error) {
      return submissionErrors(error, translate(`${R}.errors.geral`));
    }
  };
  return (
    <ModalDialog open title={translate(`${R}.dialogs.alterar`, { nome: membro.nome })} onClose={onClose}>
      <Form onSubmit={submit} defaultValues={{ papel: membro.papel, capacidades: membro.capacidades.filter((c) => c !== 'membros') }} noValidate>
        <DialogContent dividers sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
          <FormProblem />
          <SelectInput source="papel" label={`${R}.fields.papel`} choices={PAPEL_CHOICES} translateChoice={false} validate={[required(), papel]} />
          <CapacidadesInput />
        </DialogContent>
        <FormDialogActions onCancel={onClose} submit={`${R}.actions.salvar`} />
      </Form>
    </ModalDialog>
  );
}
