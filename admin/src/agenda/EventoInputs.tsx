import { Box } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AgendaPessoaResponse, RegistroResponse } from '@veritas/common';
import { asDateTime, LEMBRETES, REPETICOES, SEM_LEMBRETE, SEM_REPETICAO, TIPOS } from './eventoForm';

const R = 'agenda/eventos';
const wide = { gridColumn: '1 / -1' };

/** Início and fim: days when the event takes the whole day, day and time otherwise. */
function Periodo({ disabled }: { disabled: boolean }) {
  const diaInteiro = useWatch({ name: 'diaInteiro' }) as boolean;
  if (diaInteiro) {
    return (
      <>
        <DateInput source="inicio" label={`resources.${R}.fields.primeiroDia`} disabled={disabled} />
        <DateInput source="fim" label={`resources.${R}.fields.ultimoDia`} disabled={disabled} />
      </>
    );
  }
  return (
    <>
      <DateTimeInput source="inicio" format={asDateTime} disabled={disabled} />
      <DateTimeInput source="fim" format={asDateTime} disabled={disabled} />
    </>
  );
}

/** The client (searched among the clients) and one of its registros; changing the client drops the registro and the invitation. */
function ClienteERegistro({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const clienteId = useWatch({ name: 'clienteId' }) as string | null;
  return (
    <>
      <ReferenceInput source="clienteId" reference="clientes" sort={{ field: 'razaoSocial', order: 'ASC' }}>
        <AutocompleteInput
          label={`resources.${R}.fields.clienteId`}
          optionText="razaoSocial"
          filterToQuery={(q: string) => ({ q })}
          disabled={disabled}
          onChange={(id: unknown) => {
            setValue('registroId', null, { shouldDirty: true });
            if (!id) setValue('convidarCliente', false, { shouldDirty: true });
          }}
        />
      </ReferenceInput>
      <ReferenceInput source="registroId" reference="registros" filter={clienteId ? { clienteId } : { id: [] }} sort={{ field: 'numero', order: 'DESC' }}>
        <SelectInput
          label={`resources.${R}.fields.registroId`}
          optionText={(r: RegistroResponse) => `${r.numero} — ${r.tipo}`}
          emptyText={`resources.${R}.nenhum`}
          disabled={disabled || !clienteId}
          helperText={clienteId ? false : translate(`resources.${R}.helper.registro`)}
        />
      </ReferenceInput>
      <BooleanInput source="convidarCliente" disabled={disabled || !clienteId} sx={wide} helperText={false} />
    </>
  );
}

/**
 * Novo evento / Editar evento (issue 13): the inputs, read-only for whoever may not change it.
 * Participants are the team (`pessoas`, with who is away today).
 */
export function EventoInputs({ pessoas, readOnly, rruleOriginal }: { pessoas: AgendaPessoaResponse[]; readOnly: boolean; rruleOriginal: string | null }) {
  const translate = useTranslate();
  const repeticao = useWatch({ name: 'repeticao' }) as string | null;
  const pessoaChoices = pessoas.map((p) => ({ id: p.id, name: p.ausente ? translate(`resources.${R}.ausenteHoje`, { nome: p.nome }) : p.nome }));
  const repeticoes = rruleOriginal && !/^FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(;COUNT=\d+)?$/.test(rruleOriginal)
    ? [...REPETICOES, { id: 'custom', name: translate(`resources.${R}.personalizada`, { regra: rruleOriginal }) }]
    : REPETICOES;
  return (
    <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
      <SelectInput source="tipo" choices={TIPOS} translateChoice={false} disabled={readOnly} />
      <TextInput source="titulo" disabled={readOnly} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <BooleanInput source="diaInteiro" disabled={readOnly} sx={wide} helperText={false} />
      <Periodo disabled={readOnly} />
      <TextInput source="local" disabled={readOnly} slotProps={{ htmlInput: { maxLength: 300 } }} />
      <TextInput source="link" type="url" placeholder="https://" disabled={readOnly} />
      <AutocompleteArrayInput source="participantes" choices={pessoaChoices} translateChoice={false} disabled={readOnly} sx={wide} />
      <ClienteERegistro disabled={readOnly} />
      <SelectInput source="repeticao" choices={repeticoes} translateChoice={false} emptyText={SEM_REPETICAO} emptyValue="" disabled={readOnly} />
      <NumberInput source="vezes" min={1} max={1000} step={1} disabled={readOnly || !repeticao || repeticao === 'custom'} />
      <SelectInput source="lembrete" choices={LEMBRETES} translateChoice={false} emptyText={SEM_LEMBRETE} disabled={readOnly} />
      <TextInput source="notas" multiline minRows={2} disabled={readOnly} helperText={translate(`resources.${R}.helper.notas`)} sx={wide} />
    </Box>
  );
}
