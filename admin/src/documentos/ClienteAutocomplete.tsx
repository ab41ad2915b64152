import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import type { ClienteResponse } from '@veritas/common';
import { useDebounced } from '../layout/useDebounced';

export type ClienteOption = Pick<ClienteResponse, '_id' | 'razaoSocial' | 'cnpj'>;

/** Picks a client by typing part of its name or CNPJ (searched on the server, 20 at a time). */
export function ClienteAutocomplete(props: {
  value: ClienteOption | null;
  onChange: (value: ClienteOption | null) => void;
  withCnpj?: boolean;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  sx?: object;
}) {
  const { value, onChange, withCnpj, required, disabled, size, sx } = props;
  const [input, setInput] = useState('');
  const q = useDebounced(input.trim());
  const clientes = useGetList<ClienteOption & { id: string }>('clientes', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'razaoSocial', order: 'ASC' },
    filter: q ? { q } : {},
  });
  return (
    <Autocomplete
      options={clientes.data ?? []}
      value={value}
      onChange={(_, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      getOptionLabel={(c) => (withCnpj ? `${c.razaoSocial} (${c.cnpj})` : c.razaoSocial)}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      // The server already filtered by what was typed.
      filterOptions={(x) => x}
      loading={clientes.isFetching}
      loadingText="Carregando..."
      noOptionsText="Nenhum cliente encontrado"
      disabled={disabled}
      size={size}
      sx={sx}
      renderInput={(params) => <TextField {...params} label="Cliente" required={required} />}
    />
  );
}
