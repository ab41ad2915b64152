import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, DialogContent, MenuItem, TextField, Typography } from '@mui/material';
import {
  CARGOS,
  CEP_INVALID_MESSAGE,
  type CepLookupResponse,
  type ClienteResponse,
  ESTADOS,
  isValidCep,
  maskCep,
  maskCnpj,
  maskPhone,
  onlyDigits,
  PASSWORD_MAX_LENGTH,
  type TipoClienteResponse,
} from '@veritas/common';
import { FormActions } from '../ui/FormBits';
import { statusAndMessage, statusOf, usePanelApi } from '../ui/api';
import { useFieldLabel } from '../layout/useFieldLabel';
import {
  type ClienteFormErrors,
  type ClienteFormValues,
  initialValues,
  toPayload,
  validateClienteForm,
} from './clienteForm';

const MASKS: Partial<Record<keyof ClienteFormValues, (v: string) => string>> = {
  cnpj: maskCnpj,
  cep: maskCep,
  telefone: maskPhone,
  celularWhatsApp: maskPhone,
  telefoneResponsavel: maskPhone,
  celularWhatsAppResponsavel: maskPhone,
};

type CepState = { busy: boolean; message: string | null; error: boolean };

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>
    </Box>
  );
}

/**
 * The staff client form (§2.12, §5), for Novo Cliente and Editar Cliente. Errors show per field
 * and clear when that field is edited; a CNPJ with wrong check digits comes with the corrected
 * one and an Aplicar button; Buscar fills the address from the CEP.
 */
export function ClienteForm(props: {
  cliente: ClienteResponse | null;
  onCancel: () => void;
  onSaved: (cliente: ClienteResponse, message: string) => void;
}) {
  const { cliente, onCancel, onSaved } = props;
  const mode = cliente ? 'edit' : 'create';
  const api = usePanelApi();
  const label = useFieldLabel('clientes');
  const [values, setValues] = useState<ClienteFormValues>(() => initialValues(cliente));
  const [errors, setErrors] = useState<ClienteFormErrors>({});
  const [corrected, setCorrected] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [cep, setCep] = useState<CepState>({ busy: false, message: null, error: false });

  // Active types to choose from, plus the client's own type even if it was made inactive since.
  const tipos = useQuery({
    queryKey: ['tipos-cliente', 'ativos'],
    queryFn: () => api.api<TipoClienteResponse[]>(`/tipos-cliente?filter=${encodeURIComponent('{"status":"ativos"}')}&range=[0,199]&sort=["nome","ASC"]`),
  });
  const tipoOptions = [...(tipos.data?.data ?? [])];
  if (cliente?.tipoCliente && !tipoOptions.some((t) => t._id === cliente.tipoCliente!._id)) tipoOptions.push(cliente.tipoCliente);

  const setField = (field: keyof ClienteFormValues, raw: string) => {
    const value = MASKS[field]?.(raw) ?? raw;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    if (field === 'cnpj') setCorrected(null);
    if (field === 'cep') setCep({ busy: false, message: null, error: false });
  };

  const input = (field: keyof ClienteFormValues, extra: Record<string, unknown> = {}) => ({
    id: `cliente-${field}`,
    label: label(field),
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setField(field, e.target.value),
    error: !!errors[field],
    helperText: errors[field] ?? ' ',
    fullWidth: true,
    size: 'small' as const,
    ...extra,
  });

  const buscarCep = async () => {
    if (!isValidCep(values.cep)) {
      setCep({ busy: false, message: CEP_INVALID_MESSAGE, error: true });
      return;
    }
    setCep({ busy: true, message: null, error: false });
    try {
      const { data, message } = await api.api<CepLookupResponse['data']>(`/lookup/cep/${onlyDigits(values.cep)}`);
      // Blank answers keep what was typed (§7).
      setValues((v) => ({
        ...v,
        endereco: data.logradouro || v.endereco,
        bairro: data.bairro || v.bairro,
        cidade: data.localidade || v.cidade,
        estado: data.uf || v.estado,
        pais: 'Brasil',
      }));
      setCep({ busy: false, message: message ?? 'Endereço preenchido a partir do CEP.', error: false });
    } catch (err) {
      setCep({ busy: false, message: statusOf(err) === 404 ? 'CEP não encontrado' : 'Erro ao consultar CEP', error: true });
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaveError(null);
    const check = validateClienteForm(values, mode, label);
    setErrors(check.errors);
    setCorrected(check.correctedCnpj);
    if (Object.keys(check.errors).length) {
      document.getElementById(`cliente-${Object.keys(check.errors)[0]}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const body = toPayload(values);
      const res = cliente
        ? await api.api<ClienteResponse>(`/clientes/${cliente._id}`, { method: 'PUT', body })
        : await api.api<ClienteResponse>('/clientes', { method: 'POST', body });
      onSaved(res.data, res.message ?? (cliente ? 'Cliente atualizado com sucesso!' : 'Cliente cadastrado com sucesso!'));
    } catch (err) {
      setSaveError(`Erro ao salvar cliente: ${statusAndMessage(err)}`);
    } finally {
      setSaving(false);
    }
  };

  const select = (field: keyof ClienteFormValues, options: readonly string[], blank = true) => (
    <TextField select {...input(field)}>
      {blank && (
        <MenuItem value="">
          <em>Não informado</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
      <DialogContent dividers>
        {saveError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {saveError}
          </Alert>
        )}
        <Section title="Dados da empresa">
          <TextField {...input('razaoSocial', { required: true })} sx={{ gridColumn: { sm: '1 / -1' } }} />
          <TextField {...input('nomeFantasia')} />
          <Box>
            <TextField {...input('cnpj', { required: true, placeholder: '00.000.000/0000-00' })} />
            {corrected && (
              <Alert
                severity="info"
                sx={{ mt: -1 }}
                action={
                  <Button color="inherit" size="small" onClick={() => setField('cnpj', corrected)}>
                    Aplicar
                  </Button>
                }
              >
                CNPJ corrigido: {corrected}
              </Alert>
            )}
          </Box>
          <TextField {...input('email', { required: true, type: 'email' })} />
          <TextField {...input('emailRF', { type: 'email' })} />
          <TextField {...input('telefone', { type: 'tel' })} />
          <TextField {...input('celularWhatsApp', { type: 'tel' })} />
          <TextField {...input('nire')} />
          <TextField {...input('cnes')} />
          <TextField select {...input('status')}>
            <MenuItem value="ativo">Ativo</MenuItem>
            <MenuItem value="inativo">Inativo</MenuItem>
          </TextField>
          <TextField select {...input('tipoClienteId')} helperText={errors.tipoClienteId ?? (tipos.isError ? 'Erro ao carregar tipos de cliente' : ' ')}>
            <MenuItem value="">
              <em>Nenhum</em>
            </MenuItem>
            {tipoOptions.map((t) => (
              <MenuItem key={t._id} value={t._id}>
                {t.nome}
                {t.ativo ? '' : ' (inativo)'}
              </MenuItem>
            ))}
          </TextField>
        </Section>

        <Section title="Endereço">
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              {...input('cep', { placeholder: '00000-000' })}
              error={!!errors.cep || cep.error}
              helperText={errors.cep ?? cep.message ?? ' '}
            />
            <Button variant="outlined" onClick={buscarCep} disabled={cep.busy} sx={{ mt: 0.25, flexShrink: 0 }}>
              {cep.busy ? 'Buscando...' : 'Buscar'}
            </Button>
          </Box>
          <TextField {...input('endereco')} />
          <TextField {...input('numero')} />
          <TextField {...input('complemento')} />
          <TextField {...input('bairro')} />
          <TextField {...input('cidade')} />
          {select('estado', ESTADOS)}
          <TextField {...input('pais')} />
        </Section>

        <Section title="Responsável">
          <TextField {...input('nomeCompletoResponsavel')} sx={{ gridColumn: { sm: '1 / -1' } }} />
          {select('cargo', CARGOS)}
          <TextField {...input('dataNascimento', { type: 'date', slotProps: { inputLabel: { shrink: true } } })} />
          <TextField {...input('telefoneResponsavel', { type: 'tel' })} />
          <TextField {...input('celularWhatsAppResponsavel', { type: 'tel' })} />
        </Section>

        <Section title="Assinante do DBE">
          <TextField {...input('nomeCompletoAssinanteDBE')} sx={{ gridColumn: { sm: '1 / -1' } }} />
          {select('cargoAssinanteDBE', CARGOS)}
          <TextField {...input('dataNascimentoAssinanteDBE', { type: 'date', slotProps: { inputLabel: { shrink: true } } })} />
        </Section>

        <Section title="Acesso ao portal do cliente">
          <TextField
            {...input('password', { type: 'password', required: mode === 'create', autoComplete: 'new-password', slotProps: { htmlInput: { maxLength: PASSWORD_MAX_LENGTH } } })}
            helperText={errors.password ?? (mode === 'edit' ? 'Deixe em branco para manter a senha atual.' : 'Mínimo de 8 caracteres, com maiúsculas, minúsculas, número e caractere especial.')}
          />
          <TextField {...input('confirmPassword', { type: 'password', required: mode === 'create', autoComplete: 'new-password', slotProps: { htmlInput: { maxLength: PASSWORD_MAX_LENGTH } } })} />
        </Section>
      </DialogContent>
      <FormActions busy={saving} onCancel={onCancel} />
    </Box>
  );
}

