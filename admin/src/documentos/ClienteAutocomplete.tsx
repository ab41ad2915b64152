import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import type { ClienteResponse } from '@veritas/common';
import { useClienteBusca } from '../layout/useClienteBusca';

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
  const clientes = useClienteBusca<ClienteOption & { id: string }>(input);
  return (
    <Autocomplete
      options={clientes.options}
      value={value}
      onChange={(_, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      getOptionLabel={(c) => (withCnpj ? `${c.razaoSocial} (${c.cnpj ?? 'sem CNPJ'})` : c.razaoSocial)}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      // The server already filtered by what was typed.
      filterOptions={(x) => x}
      loading={clientes.loading}
      loadingText="Carregando..."
      noOptionsText="Nenhum cliente encontrado"
      disabled={disabled}
      size={size}
      sx={sx}
      renderInput={(params) => <TextField {...params} label="Cliente" required={required} />}
    />
  );
}
