import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { DialogContent } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteInput,
  Button,
  CreateBase,
  Form,
  maxLength,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  useGetIdentity,
  useGetList,
  useNotify,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useWatch, type FieldValues } from 'react-hook-form';
import { formatBRL, JUNTAS, registroScreenPath, worksRegistros, type RegistroDetalheResponse, type UserResponse } from '@veritas/common';
import { ModalDialog } from '../layout/DialogForm';
import { FormDialogActions, FormProblem, submissionErrors } from '../layout/FormProblem';
import { useCan } from '../layout/Restricted';
import { useUserType } from '../layout/useUserType';
import { useRegistrosApi } from '../providers/registrosMethods';

const R = 'registros';
const DESCRICAO_MAX = 4000;
const JUNTA_CHOICES = JUNTAS.map((j) => ({ id: j.uf, name: `${j.sigla} (${j.uf})` }));

/** What staff fill in for a request that came by phone or e-mail (the client's own rules on the server). */
export interface NovoRegistroValues {
  clienteId?: string | null;
  servico?: string | null;
  descricao?: string | null;
  juntaUf?: string | null;
  responsavelId?: string | null;
}

/** The body of POST /api/registros from the form: blanks left out (the server then uses the client's state's Junta). */
export function novoRegistroPayload(v: NovoRegistroValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const k of ['clienteId', 'servico', 'descricao', 'juntaUf', 'responsavelId'] as const) {
    const value = v[k]?.trim();
    if (value) body[k] = value;
  }
  return body;
}

/** The services of the chosen client, with its type's price. */
function ServicoInput() {
  const api = useRegistrosApi();
  const clienteId = useWatch({ name: 'clienteId' }) as string | null | undefined;
  const servicos = useQuery({ queryKey: ['servicos-do-cliente', clienteId], queryFn: () => api.getServicosDoCliente(clienteId!), enabled: !!clienteId });
  const choices = (servicos.data ?? []).map((s) => ({ id: s.codigo, name: s.valor === null ? s.nome : `${s.nome} — ${formatBRL(s.valor)}` }));
  return (
    <SelectInput
      source="servico"
      label={`resources.${R}.fields.servico`}
      choices={choices}
      translateChoice={false}
      isPending={!!clienteId && servicos.isPending}
      disabled={!clienteId}
      validate={required()}
      helperText={clienteId ? false : `resources.${R}.helper.servico`}
    />
  );
}

/** The board assigns anyone who works registros; an associado only itself (or no one). */
function ResponsavelInput() {
  const board = useCan('registros.assign');
  const { identity } = useGetIdentity();
  const users = useGetList<UserResponse & { id: string }>('users', { pagination: { page: 1, perPage: 200 }, sort: { field: 'nomeCompleto', order: 'ASC' } }, { enabled: board });
  const choices = board
    ? (users.data ?? []).filter((u) => worksRegistros(u.permissions)).map((u) => ({ id: u._id, name: u.nomeCompleto }))
    : identity
      ? [{ id: String(identity.id), name: String(identity.fullName ?? 'Eu') }]
      : [];
  return (
    <SelectInput
      source="responsavelId"
      label={`resources.${R}.fields.responsavelId`}
      choices={choices}
      translateChoice={false}
      emptyText="Sem responsável"
      isPending={board && users.isPending}
      helperText={false}
    />
  );
}

function NovoRegistroForm(props: { clienteFixo: boolean; defaults: NovoRegistroValues; onCancel: () => void; onSaved: (r: RegistroDetalheResponse) => void }) {
  const translate = useTranslate();
  const { save } = useSaveContext();
  const submit = async (values: FieldValues) => {
    if (!save) return undefined;
    let failure: unknown = null;
    await save(novoRegistroPayload(values as NovoRegistroValues), {
      onSuccess: (r: RegistroDetalheResponse) => props.onSaved(r),
      onError: (error: unknown) => {
        failure = error;
      },
    });
    return failure ? submissionErrors(failure, translate(`resources.${R}.errors.create`)) : undefined;
  };
  return (
    <Form onSubmit={submit} defaultValues={props.defaults} noValidate>
      <DialogContent dividers sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
        <FormProblem />
        <ReferenceInput source="clienteId" reference="clientes" sort={{ field: 'razaoSocial', order: 'ASC' }}>
          <AutocompleteInput
            label={`resources.${R}.fields.clienteId`}
            optionText="razaoSocial"
            filterToQuery={(q: string) => ({ q })}
            validate={required()}
            readOnly={props.clienteFixo}
            noOptionsText="Nenhum cliente encontrado"
          />
        </ReferenceInput>
        <ServicoInput />
        <TextInput source="descricao" label={`resources.${R}.fields.descricao`} multiline minRows={3} validate={[required(), maxLength(DESCRICAO_MAX)]} />
        <SelectInput
          source="juntaUf"
          label={`resources.${R}.fields.juntaUf`}
          choices={JUNTA_CHOICES}
          translateChoice={false}
          emptyText={translate(`resources.${R}.helper.juntaPadrao`)}
          helperText={false}
        />
        <ResponsavelInput />
      </DialogContent>
      <FormDialogActions onCancel={props.onCancel} submit={`resources.${R}.actions.criar`} />
    </Form>
  );
}

/**
 * "Criar" (issue 52): staff open a registro for a client — a request that came by phone or e-mail —
 * from Registros, Meus Registros, the client's Registros tab or the Processos board. The server runs
 * a client's own rules (numbering, stages, checklist, charge) and the history says who opened it for whom.
 */
export function NovoRegistroButton(props: { clienteId?: string; servico?: string; onCreated?: (r: RegistroDetalheResponse) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { principal } = useUserType();
  const [open, setOpen] = useState(false);
  if (!useCan('registros.work')) return null;
  const onSaved = (r: RegistroDetalheResponse) => {
    setOpen(false);
    notify(translate(`resources.${R}.notifications.criado`, { numero: r.numero }), { type: 'success' });
    if (props.onCreated) props.onCreated(r);
    else navigate(registroScreenPath(principal, r._id));
  };
  return (
    <>
      <Button label={`resources.${R}.actions.criar`} onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <ModalDialog open={open} title={translate(`resources.${R}.dialogs.create`)} onClose={() => setOpen(false)}>
        {open && (
          <CreateBase resource={R} redirect={false}>
            <NovoRegistroForm
              clienteFixo={!!props.clienteId}
              defaults={{ clienteId: props.clienteId ?? null, servico: props.servico ?? null }}
              onCancel={() => setOpen(false)}
              onSaved={onSaved}
            />
          </CreateBase>
        )}
      </ModalDialog>
    </>
  );
}
