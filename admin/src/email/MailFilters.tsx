import { memo, useCallback, useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { Form, useListContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useMailText } from './mailText';
import { ClienteVinculoInput, RegistroVinculoInput } from './VinculoInputs';

type Key = 'clienteId' | 'registroId';
type OnPick = (key: Key, id: string | null) => void;

const KEYS: readonly string[] = ['clienteId', 'registroId'];
const idOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** Each choice goes to the list's filter at once. */
function OnChoice({ onPick }: { onPick: OnPick }) {
  const { watch } = useFormContext();
  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      if (type === 'change' && name && KEYS.includes(name)) onPick(name as Key, idOf(values[name]));
    });
    return () => subscription.unsubscribe();
  }, [watch, onPick]);
  return null;
}

/** The pickers, drawn again only when the address's client or registro changes (not with every page or keystroke). */
const Pickers = memo(function Pickers({ clienteId, registroId, onPick }: { clienteId: string | null; registroId: string | null; onPick: OnPick }) {
  const t = useMailText();
  const sx = { flex: '1 1 220px', maxWidth: { sm: 354 } };
  return (
    <Form key={`${clienteId}|${registroId}`} defaultValues={{ clienteId, registroId }} onSubmit={() => undefined}>
      <OnChoice onPick={onPick} />
      <Box role="group" aria-label={t('filters.label')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, maxWidth: 720 }}>
        <ClienteVinculoInput label="resources.emails.filters.cliente" compact sx={sx} />
        <RegistroVinculoInput label="resources.emails.filters.registro" compact sx={sx} clienteId={clienteId} />
      </Box>
    </Form>
  );
});

/**
 * The mailbox narrowed to a client and/or a registro (issue 56, ADR 0056): the list's `clienteId` and
 * `registroId` filters (GET /api/emails, through the messages' links), in the address like the folder and the
 * search, so the reader's "Emails do cliente/registro" links land here already filtered. A react-admin form of
 * reference inputs, started again from the address whenever its filter changes.
 */
export function MailFilters() {
  const list = useListContext();
  const latest = useRef(list);
  latest.current = list;
  const onPick = useCallback<OnPick>((key, id) => {
    const { filterValues, displayedFilters, setFilters } = latest.current;
    const next: Record<string, unknown> = { ...filterValues };
    if (id) next[key] = id;
    else delete next[key];
    setFilters(next, displayedFilters, false);
  }, []);
  return <Pickers clienteId={idOf(list.filterValues.clienteId)} registroId={idOf(list.filterValues.registroId)} onPick={onPick} />;
}
