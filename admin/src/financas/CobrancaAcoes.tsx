import { Box, Button } from '@mui/material';
import { DateInput, Form, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import { FORMA_PAGAMENTO_LABELS, FORMAS_PAGAMENTO, todayInSaoPaulo, type CobrancaDetalheResponse } from '@veritas/common';
import { FormProblem, submissionErrors } from '../layout/FormProblem';
import { useFinancasApi } from '../providers/financasMethods';
import { pagamentoFieldOf, pagamentoPayload, validatePagamento, type PagamentoValues } from './cobrancaForm';

const R = 'cobrancas';
const FORMA_CHOICES = FORMAS_PAGAMENTO.map((f) => ({ id: f, name: FORMA_PAGAMENTO_LABELS[f] }));
type Detalhe = CobrancaDetalheResponse & { id: string };

function Submit({ label, color }: { label: string; color?: 'error' }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant={color ? 'outlined' : 'contained'} color={color} disabled={isSubmitting} sx={{ alignSelf: 'start', mt: 1 }}>
      {translate(label)}
    </Button>
  );
}

/** Registrar pagamento: the value (the balance to begin with, at most the balance), how and when it was paid. */
export function PagamentoForm({ c, onDone }: { c: Detalhe; onDone: () => void }) {
  const api = useFinancasApi();
  const translate = useTranslate();
  const submit = async (values: PagamentoValues) => {
    try {
      await api.registrarPagamento(c.id, pagamentoPayload(values));
      onDone();
      return undefined;
    } catch (error) {
      return submissionErrors(error, translate(`resources.${R}.errors.pay`), pagamentoFieldOf);
    }
  };
  return (
    <Form
      onSubmit={(values: FieldValues) => submit(values as PagamentoValues)}
      validate={(values) => validatePagamento(values as PagamentoValues, c.saldo, { valor: translate(`resources.${R}.errors.valor`) })}
      defaultValues={{ valor: c.saldo, forma: 'pix', data: todayInSaoPaulo(), nota: '' }}
      record={{}}
      noValidate
    >
      <FormProblem />
      <Box sx={{ display: 'grid', columnGap: 1, gridTemplateColumns: { xs: '1fr', sm: '150px 160px 180px 1fr' }, mt: 1 }}>
        <NumberInput source="valor" label={`resources.${R}.fields.valor`} min={0} step={0.01} />
        <SelectInput source="forma" label={`resources.${R}.fields.forma`} choices={FORMA_CHOICES} translateChoice={false} />
        <DateInput source="data" label={`resources.${R}.fields.data`} />
        <TextInput source="nota" label={`resources.${R}.fields.nota`} />
      </Box>
      <Submit label={`resources.${R}.actions.pay`} />
    </Form>
  );
}

/** Cancelar cobrança: an open charge, with the reason the history keeps. */
export function CancelarForm({ c, onDone }: { c: Detalhe; onDone: () => void }) {
  const api = useFinancasApi();
  const translate = useTranslate();
  const submit = async (values: { motivo?: string | null }) => {
    try {
      await api.cancelarCobranca(c.id, (values.motivo ?? '').trim());
      onDone();
      return undefined;
    } catch (error) {
      return submissionErrors(error, translate(`resources.${R}.errors.cancel`), () => 'motivo');
    }
  };
  return (
    <Form
      onSubmit={(values: FieldValues) => submit(values as { motivo?: string | null })}
      validate={(values) => ((values.motivo ?? '').trim() ? {} : { motivo: translate(`resources.${R}.errors.motivo`) })}
      defaultValues={{ motivo: '' }}
      record={{}}
      noValidate
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'start' }}>
        <TextInput source="motivo" label={`resources.${R}.fields.motivo`} sx={{ flex: 1, minWidth: 220 }} />
        <Submit label={`resources.${R}.actions.cancel`} color="error" />
      </Box>
    </Form>
  );
}
