import { AutocompleteArrayInput, AutocompleteInput, ReferenceArrayInput, ReferenceInput } from 'react-admin';

/** A registro as the pickers name it: its protocol and its client. */
const registroText = (r: { numero?: string; clienteNome?: string | null }) => (r.clienteNome ? `${r.numero ?? ''} — ${r.clienteNome}` : (r.numero ?? ''));
const byText = (q: string) => ({ q });

interface Props {
  label: string;
  /** The mailbox's compact filter bar, or a dialog's full-width field. */
  compact?: boolean;
  sx?: object;
}

const layout = (compact: boolean | undefined, sx: object | undefined) =>
  compact ? { size: 'small' as const, margin: 'none' as const, helperText: false as const, sx } : { fullWidth: true, sx };

/** A client, searched by name or CNPJ on the server (GET /api/clientes?filter={q}), named by id once chosen (react-admin's ReferenceInput). */
export function ClienteVinculoInput({ label, compact, sx }: Props) {
  return (
    <ReferenceInput source="clienteId" reference="clientes" sort={{ field: 'razaoSocial', order: 'ASC' }} enableGetChoices={({ q }: { q?: string }) => !!q}>
      <AutocompleteInput label={label} optionText="razaoSocial" filterToQuery={byText} noOptionsText="Nenhum cliente encontrado" {...layout(compact, sx)} />
    </ReferenceInput>
  );
}

/**
 * A registro (or several: `registroIds`), searched by protocol or client (GET /api/registros?filter={q}: each caller's
 * own registros); with `clienteId`, only that client's, offered before anything is typed.
 */
export function RegistroVinculoInput({ label, compact, sx, clienteId, multiple }: Props & { clienteId?: string | null; multiple?: boolean }) {
  const reference = {
    reference: 'registros',
    sort: { field: 'numero', order: 'DESC' as const },
    filter: clienteId ? { clienteId } : {},
    enableGetChoices: ({ q }: { q?: string }) => !!q || !!clienteId,
  };
  const input = { label, optionText: registroText, filterToQuery: byText, noOptionsText: 'Nenhum registro encontrado', ...layout(compact, sx) };
  return multiple ? (
    <ReferenceArrayInput source="registroIds" {...reference}>
      <AutocompleteArrayInput {...input} />
    </ReferenceArrayInput>
  ) : (
    <ReferenceInput source="registroId" {...reference}>
      <AutocompleteInput {...input} />
    </ReferenceInput>
  );
}
