import { Box, Button, FormHelperText, IconButton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { ArrayInput, AutocompleteInput, DateInput, NumberInput, ReferenceInput, SelectInput, TextInput, useArrayInput, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useEffect, useRef } from 'react';
import { LINHA_TIPO_LABELS, LINHA_TIPOS } from '@veritas/common';
import { NOVA_LINHA } from './cobrancaForm';

const R = 'cobrancas';
const TIPO_CHOICES = LINHA_TIPOS.map((t) => ({ id: t, name: LINHA_TIPO_LABELS[t] }));

/** The message about the lines as a whole (none, too many, a total too large), under them. */
function LinhasProblem() {
  const { errors } = useFormState({ name: 'linhas' });
  const message = (errors.linhas as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? <FormHelperText error>{message}</FormHelperText> : null;
}

/** The charge's lines: description, honorário or taxa, value in BRL; one row each, added and removed. */
function LinhasIterator() {
  const translate = useTranslate();
  const { fields, append, remove } = useArrayInput();
  const label = (key: string, i: number) => translate(`resources.${R}.linha.${key}`, { n: i + 1 });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(`resources.${R}.fields.linhas`)}
      </Typography>
      {fields.map((field, i) => (
        <Box key={field.id} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: '2fr 140px 150px auto' }, columnGap: 1, alignItems: 'start' }}>
          <TextInput source={`${i}.descricao`} label={label('descricao', i)} sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }} />
          <SelectInput source={`${i}.tipo`} label={label('tipo', i)} choices={TIPO_CHOICES} translateChoice={false} />
          <NumberInput source={`${i}.valor`} label={label('valor', i)} min={0} step={0.01} />
          <Tooltip title={label('remover', i)}>
            <span>
              <IconButton aria-label={label('remover', i)} onClick={() => remove(i)} disabled={fields.length === 1} sx={{ mt: 1 }}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ))}
      <LinhasProblem />
      <Button startIcon={<AddIcon />} onClick={() => append({ ...NOVA_LINHA })}>
        {label('adicionar', 0)}
      </Button>
    </Box>
  );
}

/**
 * The registro the charge is for (issue 52): one of the chosen client's, by protocol and service;
 * left empty, the charge is avulsa. Choosing another client clears it.
 */
function RegistroDoClienteInput() {
  const translate = useTranslate();
  const clienteId = useWatch({ name: 'clienteId' }) as string | null | undefined;
  const { setValue } = useFormContext();
  const anterior = useRef(clienteId);
  useEffect(() => {
    if (anterior.current !== clienteId) setValue('registroId', null);
    anterior.current = clienteId;
  }, [clienteId, setValue]);
  return (
    <ReferenceInput source="registroId" reference="registros" filter={clienteId ? { clienteId } : {}} sort={{ field: 'createdAt', order: 'DESC' }} enableGetChoices={() => !!clienteId}>
      <AutocompleteInput
        label={`resources.${R}.fields.registroId`}
        optionText={(r: { numero: string; tipo: string }) => `${r.numero} — ${r.tipo}`}
        filterToQuery={(q: string) => ({ q })}
        disabled={!clienteId}
        helperText={translate(`resources.${R}.helper.registro`)}
        noOptionsText="Nenhum registro deste cliente"
      />
    </ReferenceInput>
  );
}

/**
 * Nova Cobrança and Editar cobrança: the inputs shared by create and edit. The client is chosen
 * only when the charge is made (`cliente`); the due date and the lines may change while it is open
 * and unpaid.
 */
export function CobrancaInputs({ cliente }: { cliente: boolean }) {
  const translate = useTranslate();
  return (
    <>
      {cliente && (
        <ReferenceInput source="clienteId" reference="clientes" sort={{ field: 'razaoSocial', order: 'ASC' }}>
          <AutocompleteInput
            label={`resources.${R}.fields.clienteId`}
            optionText="razaoSocial"
            filterToQuery={(q: string) => ({ q })}
            isRequired
            noOptionsText="Nenhum cliente encontrado"
          />
        </ReferenceInput>
      )}
      {cliente && <RegistroDoClienteInput />}
      <DateInput source="vencimento" label={`resources.${R}.fields.vencimento`} helperText={translate(`resources.${R}.helper.vencimento`)} sx={{ maxWidth: 260 }} />
      <ArrayInput source="linhas" label={false}>
        <LinhasIterator />
      </ArrayInput>
    </>
  );
}
