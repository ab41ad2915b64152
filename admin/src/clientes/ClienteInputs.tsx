import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { SelectInput, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { CARGOS, ESTADOS, maskPhone, PASSWORD_MAX_LENGTH, type ClienteResponse, type TipoClienteResponse } from '@veritas/common';
import { withId } from '@veritas/web';
import { ClienteField as Field, masked } from './ClienteField';
import { CepInput, CnpjInput } from './ClienteLookups';

type Cliente = ClienteResponse & { id: string };
type Tipo = TipoClienteResponse & { id: string };

const choices = (options: readonly string[]) => options.map((o) => ({ id: o, name: o }));
const CARGO_CHOICES = choices(CARGOS);
const ESTADO_CHOICES = choices(ESTADOS);
const STATUS_CHOICES = [
  { id: 'ativo', name: 'panel.status.ativo' },
  { id: 'inativo', name: 'panel.status.inativo' },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>
    </Box>
  );
}

/** Active types to choose from, plus the client's own type even if it was made inactive since. */
function TipoClienteInput() {
  const record = useRecordContext<Cliente>();
  const tipos = useGetList<Tipo>('tipos-cliente', {
    filter: { status: 'ativos' },
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'nome', order: 'ASC' },
  });
  const options = [...(tipos.data ?? [])];
  const own = record?.tipoCliente;
  if (own && !options.some((t) => t.id === own._id)) options.push(withId(own));
  return (
    <SelectInput
      id="cliente-tipoClienteId"
      source="tipoClienteId"
      choices={options.map((t) => ({ id: t.id, name: `${t.nome}${t.ativo ? '' : ' (inativo)'}` }))}
      translateChoice={false}
      emptyText="Nenhum"
      size="small"
      helperText={tipos.isError ? 'Erro ao carregar tipos de cliente' : ' '}
    />
  );
}

const select = (source: string, list: { id: string; name: string }[]) => (
  <SelectInput id={`cliente-${source}`} source={source} choices={list} translateChoice={false} emptyText="Não informado" size="small" helperText=" " />
);

/**
 * Novo Cliente and Editar Cliente (§2.12, §3.3, §5): the inputs shared by create and edit. The
 * login e-mail and the password are set by the board only (`credentials`); others edit the rest
 * and send the client a reset link from the details.
 */
export function ClienteInputs(props: { mode: 'create' | 'edit'; credentials: boolean }) {
  const translate = useTranslate();
  const { mode } = props;
  const credentials = mode === 'create' || props.credentials;
  return (
    <>
      <Section title="Dados da empresa">
        <Field source="razaoSocial" isRequired wide helperText=" " />
        <Field source="nomeFantasia" helperText=" " />
        <CnpjInput emailLocked={!credentials} />
        <Field
          source="email"
          type="email"
          isRequired
          disabled={!credentials}
          helperText={credentials ? ' ' : 'Somente a Diretoria e o Master alteram o e-mail de acesso.'}
        />
        <Field source="emailRF" type="email" helperText=" " />
        <Field source="telefone" type="tel" parse={masked(maskPhone)} helperText=" " />
        <Field source="celularWhatsApp" type="tel" parse={masked(maskPhone)} helperText=" " />
        <Field source="nire" helperText=" " />
        <Field source="cnes" helperText=" " />
        <SelectInput id="cliente-status" source="status" choices={STATUS_CHOICES} size="small" helperText=" " />
        <TipoClienteInput />
      </Section>

      <Section title="Endereço">
        <CepInput />
        <Field source="endereco" helperText=" " />
        <Field source="numero" helperText=" " />
        <Field source="complemento" helperText=" " />
        <Field source="bairro" helperText=" " />
        <Field source="cidade" helperText=" " />
        {select('estado', ESTADO_CHOICES)}
        <Field source="pais" helperText=" " />
      </Section>

      <Section title="Responsável">
        <Field source="nomeCompletoResponsavel" wide helperText=" " />
        {select('cargo', CARGO_CHOICES)}
        <Field source="dataNascimento" type="date" slotProps={{ inputLabel: { shrink: true } }} helperText=" " />
        <Field source="telefoneResponsavel" type="tel" parse={masked(maskPhone)} helperText=" " />
        <Field source="celularWhatsAppResponsavel" type="tel" parse={masked(maskPhone)} helperText=" " />
      </Section>

      <Section title="Assinante do DBE">
        <Field source="nomeCompletoAssinanteDBE" wide helperText=" " />
        {select('cargoAssinanteDBE', CARGO_CHOICES)}
        <Field source="dataNascimentoAssinanteDBE" type="date" slotProps={{ inputLabel: { shrink: true } }} helperText=" " />
      </Section>

      <Section title="Acesso ao portal do cliente">
        {credentials ? (
          <>
            <Field
              source="password"
              type="password"
              isRequired={mode === 'create'}
              autoComplete="new-password"
              slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
              helperText={mode === 'edit' ? 'Deixe em branco para manter a senha atual.' : 'Mínimo de 8 caracteres, com maiúsculas, minúsculas, número e caractere especial.'}
            />
            <Field
              source="confirmPassword"
              type="password"
              isRequired={mode === 'create'}
              autoComplete="new-password"
              slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
              helperText=" "
            />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
            {translate('resources.clientes.credentialsNote')}
          </Typography>
        )}
      </Section>
    </>
  );
}
