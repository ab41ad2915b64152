import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import type { RegistroResponse } from '@veritas/common';
import { useBuscaRemota } from '../layout/useClienteBusca';

export type RegistroOption = Pick<RegistroResponse, '_id' | 'numero' | 'clienteNome'>;

interface Common {
  /** Only this client's registros are offered. */
  clienteId?: string | null;
  label?: string;
  size?: 'small' | 'medium';
  sx?: object;
}

const labelOf = (r: RegistroOption) => (r.clienteNome ? `${r.numero} — ${r.clienteNome}` : r.numero);

/** What both pickers share: the search by protocol or client (GET /api/registros?filter={q}, each caller's own registros), its texts. */
function useRegistroPicker(clienteId: string | null | undefined) {
  const [input, setInput] = useState('');
  // Searched once the list is first opened: the pickers stand on screens that need no registro until then.
  const [opened, setOpened] = useState(false);
  const found = useBuscaRemota<RegistroOption & { id: string }>('registros', { field: 'numero', order: 'DESC' }, input, clienteId ? { clienteId } : {}, opened);
  return {
    onOpen: () => setOpened(true),
    options: found.options,
    loading: found.loading,
    inputValue: input,
    onInputChange: (_: unknown, v: string) => setInput(v),
    getOptionLabel: labelOf,
    isOptionEqualToValue: (a: RegistroOption, b: RegistroOption) => a._id === b._id,
    // The server already filtered by what was typed.
    filterOptions: (x: RegistroOption[]) => x,
    loadingText: 'Carregando...',
    noOptionsText: 'Nenhum registro encontrado',
  };
}

/** Picks one registro by typing part of its protocol or its client's name. */
export function RegistroAutocomplete(props: Common & { value: RegistroOption | null; onChange: (value: RegistroOption | null) => void }) {
  const picker = useRegistroPicker(props.clienteId);
  return (
    <Autocomplete
      {...picker}
      value={props.value}
      onChange={(_, v) => props.onChange(v)}
      size={props.size}
      sx={props.sx}
      renderInput={(params) => <TextField {...params} label={props.label ?? 'Registro'} />}
    />
  );
}

/** Picks several registros, the same way. */
export function RegistrosAutocomplete(props: Common & { value: RegistroOption[]; onChange: (value: RegistroOption[]) => void }) {
  const picker = useRegistroPicker(props.clienteId);
  return (
    <Autocomplete
      {...picker}
      multiple
      value={props.value}
      onChange={(_, v) => props.onChange(v)}
      size={props.size}
      sx={props.sx}
      renderInput={(params) => <TextField {...params} label={props.label ?? 'Registros'} />}
    />
  );
}
