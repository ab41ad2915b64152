/*
 * The client form's two lookups, both through our server (its cache and rate limit): Consultar
 * beside the CNPJ fills the company's data from the CNPJ (issue 52, the mapping the public
 * registration uses), Buscar beside the CEP fills the address (§7).
 */
import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { CEP_INVALID_MESSAGE, cleanCnpj, CNPJ_LENGTH, cnpjOfficeFields, isValidCep, maskCep, maskCnpj, validateCnpjField } from '@veritas/common';
import { errorMessage, errorStatus } from '@veritas/web';
import { useClientesApi } from '../providers/clientesMethods';
import { ClienteField as Field, masked } from './ClienteField';

type LookupState = { busy: boolean; message: string | null; error: boolean };
const IDLE: LookupState = { busy: false, message: null, error: false };

/**
 * CNPJ with its mask and Consultar; when the check digits are wrong, the corrected CNPJ and an
 * Aplicar button (§5). Consultar fills what the answer has and leaves the rest as typed; the login
 * e-mail only while empty and editable (`emailLocked` when this user may not change it).
 */
export function CnpjInput({ emailLocked }: { emailLocked: boolean }) {
  const translate = useTranslate();
  const api = useClientesApi();
  const { getValues, setValue } = useFormContext();
  const cnpj = useWatch({ name: 'cnpj' }) as string | null | undefined;
  const { errors } = useFormState({ name: 'cnpj' });
  const [lookup, setLookup] = useState<LookupState>(IDLE);
  const corrected = errors.cnpj ? validateCnpjField(cnpj ?? '').corrected : null;
  const t = (key: string, options?: object) => translate(`resources.clientes.cnpjLookup.${key}`, options);

  const consultar = async () => {
    const value = (getValues('cnpj') as string | null) ?? '';
    if (cleanCnpj(value).length !== CNPJ_LENGTH) {
      setLookup({ busy: false, message: t('length'), error: true });
      return;
    }
    setLookup({ busy: true, message: null, error: false });
    try {
      const { data, message } = await api.lookupClienteCnpj(value);
      const found = cnpjOfficeFields(data);
      if (found.email && (emailLocked || String(getValues('email') ?? '').trim())) delete found.email;
      const entries = Object.entries(found);
      for (const [field, v] of entries) setValue(field, v, { shouldDirty: true, shouldValidate: true });
      const labels = entries.map(([field]) => translate(`resources.clientes.fields.${field}`));
      const said = entries.length > 0 ? t('filled', { fields: labels.join(', ') }) : t('nothing');
      setLookup({ busy: false, message: message ? `${said} ${message}` : said, error: false });
    } catch (err) {
      setLookup({ busy: false, message: t('failed', { reason: errorMessage(err, '') }).replace(/: $/, ''), error: true });
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Field
          source="cnpj"
          isRequired
          placeholder="00.000.000/0000-00"
          parse={masked(maskCnpj)}
          onChange={() => setLookup(IDLE)}
          helperText={lookup.message ?? ' '}
          {...(lookup.error ? { error: true } : {})}
        />
        <Button variant="outlined" onClick={consultar} disabled={lookup.busy} sx={{ mt: 0.5, flexShrink: 0 }}>
          {lookup.busy ? t('busy') : t('button')}
        </Button>
      </Box>
      {corrected && (
        <Alert
          severity="info"
          sx={{ mt: -1, mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setValue('cnpj', corrected, { shouldDirty: true, shouldValidate: true })}>
              Aplicar
            </Button>
          }
        >
          CNPJ corrigido: {corrected}
        </Alert>
      )}
    </Box>
  );
}

/** CEP with its mask and Buscar, which fills the address through our server (blank answers keep what was typed, §7). */
export function CepInput() {
  const api = useClientesApi();
  const { getValues, setValue } = useFormContext();
  const [cep, setCep] = useState<LookupState>(IDLE);
  const buscar = async () => {
    const value = (getValues('cep') as string | null) ?? '';
    if (!isValidCep(value)) {
      setCep({ busy: false, message: CEP_INVALID_MESSAGE, error: true });
      return;
    }
    setCep({ busy: true, message: null, error: false });
    try {
      const { data, message } = await api.lookupClienteCep(value);
      const fill = (field: string, v: string | undefined) => {
        if (v) setValue(field, v, { shouldDirty: true });
      };
      fill('endereco', data.logradouro);
      fill('bairro', data.bairro);
      fill('cidade', data.localidade);
      fill('estado', data.uf);
      setValue('pais', 'Brasil', { shouldDirty: true });
      setCep({ busy: false, message: message ?? 'Endereço preenchido a partir do CEP.', error: false });
    } catch (err) {
      setCep({ busy: false, message: errorStatus(err) === 404 ? 'CEP não encontrado' : 'Erro ao consultar CEP', error: true });
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Field
        source="cep"
        placeholder="00000-000"
        parse={masked(maskCep)}
        onChange={() => setCep(IDLE)}
        helperText={cep.message ?? ' '}
        {...(cep.error ? { error: true } : {})}
      />
      <Button variant="outlined" onClick={buscar} disabled={cep.busy} sx={{ mt: 0.5, flexShrink: 0 }}>
        {cep.busy ? 'Buscando...' : 'Buscar'}
      </Button>
    </Box>
  );
}
