import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { ArrayInput, BooleanInput, NumberInput, TextInput, useArrayInput, useTranslate } from 'react-admin';
import { parseMoney, tipoClienteFormError, type TipoClienteInput } from '@veritas/common';

export interface TipoClienteValues {
  id?: string;
  nome: string;
  ativo: boolean;
  servicos: { nome: string; valor: number | string }[];
}

/** The shared rule of §5 (name, then each service's name, then values): the form's one message. */
export const checkTipoCliente = (v: TipoClienteValues) => tipoClienteFormError(v.nome ?? '', v.servicos ?? []);

/** What is sent: trimmed names, values as numbers (a non-numeric one is 0, §5). */
export function tipoClientePayload(v: TipoClienteValues): TipoClienteInput {
  return {
    nome: v.nome.trim(),
    ativo: v.ativo ?? true,
    servicos: (v.servicos ?? []).map((s) => ({ nome: s.nome.trim(), valor: parseMoney(s.valor) })),
  };
}

/** The priced services: one row per service, "Nome do serviço n" and "Valor (R$)". */
function ServicosIterator() {
  const translate = useTranslate();
  const { fields, append, remove } = useArrayInput();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('resources.tipos-cliente.fields.servicos')}
      </Typography>
      {fields.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {translate('resources.tipos-cliente.empty.servicos')}
        </Typography>
      )}
      {fields.map((field, i) => (
        <Box key={field.id} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 110px auto', sm: '1fr 160px auto' }, gap: 1, alignItems: 'start' }}>
          <TextInput source={`${i}.nome`} label={`Nome do serviço ${i + 1}`} helperText={false} />
          <NumberInput source={`${i}.valor`} label="Valor (R$)" helperText={false} min={0} step={0.01} />
          <Tooltip title="Remover serviço">
            <IconButton aria-label={`Remover serviço ${i + 1}`} onClick={() => remove(i)} sx={{ mt: 1 }}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => append({ nome: '', valor: 0 })}>
        Adicionar Serviço
      </Button>
    </Box>
  );
}

/** Cadastrar / Editar Tipo de Cliente (§2.13, §3.7): the inputs shared by create and edit. */
export function TipoClienteInputs() {
  return (
    <>
      <TextInput source="nome" isRequired autoFocus helperText={false} />
      <BooleanInput source="ativo" label="Ativo" />
      <ArrayInput source="servicos" label={false}>
        <ServicosIterator />
      </ArrayInput>
    </>
  );
}
