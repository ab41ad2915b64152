import { DialogContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { AutocompleteInput, BooleanInput, Form, ReferenceInput, SelectInput, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { formatBRL, formatDateBR } from '@veritas/common';
import { FormDialogActions, FormProblem, submissionErrors } from '../layout/FormProblem';
import { type Extrato, useFinancasApi } from '../providers/financasMethods';

/** A credit's choice: a proposed candidate, or (outra) any open charge found by hand. */
type Escolha = { transacaoId: string; confirmar: boolean; cobrancaId: string | null; outra: boolean; manual: string | null };
const E = 'resources.extratos';

/**
 * Each credit as the form starts it: ticked only where the server pre-selects (a txid or the client's
 * CNPJ); a name or an amount alone is proposed but left unticked; a credit without candidates starts on
 * the hand search.
 */
export function escolhasIniciais(extrato: Extrato): Escolha[] {
  return extrato.transacoes.map((t) => {
    const aberta = t.situacao !== 'conciliada';
    const proposta = aberta ? (t.cobrancaId ?? t.candidatas[0]?.cobrancaId ?? null) : null;
    return { transacaoId: t._id, confirmar: aberta && t.preSelecionada, cobrancaId: proposta, outra: aberta && !t.candidatas.length, manual: null };
  });
}

/** The matches to record: the checked credits with a charge chosen (the hand choice when made). */
export function matchesOf(escolhas: Escolha[]): { transacaoId: string; cobrancaId: string }[] {
  return escolhas.flatMap((e) => {
    const cobrancaId = e.outra ? e.manual : e.cobrancaId;
    return e.confirmar && cobrancaId ? [{ transacaoId: e.transacaoId, cobrancaId }] : [];
  });
}

/** Any open charge, searched by client, CNPJ, protocol or balance (the list's q). */
function CobrancaManual({ i, fitid }: { i: number; fitid: string }) {
  const translate = useTranslate();
  return (
    <ReferenceInput source={`transacoes.${i}.manual`} reference="cobrancas" filter={{ status: 'aberta' }} sort={{ field: 'vencimento', order: 'ASC' }}>
      <AutocompleteInput
        label={translate(`${E}.outraCobranca`, { fitid })}
        optionText={(c: { clienteNome?: string | null; saldo: number; vencimento: string; registroNumero?: string | null }) =>
          [c.clienteNome ?? '—', c.registroNumero, formatBRL(c.saldo), `venc. ${formatDateBR(c.vencimento)}`].filter(Boolean).join(' — ')
        }
        filterToQuery={(q: string) => ({ q })}
        helperText={`${E}.buscaManual`}
        sx={{ minWidth: 260 }}
      />
    </ReferenceInput>
  );
}

/** The proposal and candidates of one open credit, or the hand search. */
function Escolher({ i, t }: { i: number; t: Extrato['transacoes'][number] }) {
  const translate = useTranslate();
  const outra = useWatch({ name: `transacoes.${i}.outra` }) as boolean;
  return (
    <>
      {t.candidatas.length > 0 && !outra && (
        <SelectInput
          source={`transacoes.${i}.cobrancaId`}
          label={translate(`${E}.cobrancaDoCredito`, { fitid: t.fitid })}
          choices={t.candidatas.map((c) => ({
            id: c.cobrancaId,
            name: `${c.clienteNome} — ${formatBRL(c.saldo)} — venc. ${formatDateBR(c.vencimento)} — ${translate(`${E}.evidencia.${c.evidencia}`)}${c.diferenca ? ` (${c.diferenca > 0 ? '+' : ''}${formatBRL(c.diferenca)})` : ''}`,
          }))}
          translateChoice={false}
          emptyText={`${E}.naoConciliar`}
          helperText={false}
          sx={{ minWidth: 240 }}
        />
      )}
      {t.candidatas.length > 0 && <BooleanInput source={`transacoes.${i}.outra`} label={`${E}.escolherOutra`} helperText={false} />}
      {outra && <CobrancaManual i={i} fitid={t.fitid} />}
    </>
  );
}

function Confirmar({ onClose }: { onClose: () => void }) {
  const escolhas = (useWatch({ name: 'transacoes' }) ?? []) as Escolha[];
  return <FormDialogActions onCancel={onClose} submit="resources.cobrancas.actions.confirmar" disabled={!matchesOf(escolhas).length} />;
}

/** The match review: each credit with its proposal (or the candidates to choose from); only what is checked is paid. */
export function ExtratoRevisao({ extrato, onClose }: { extrato: Extrato; onClose: () => void }) {
  const api = useFinancasApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const submit = async (values: { transacoes?: Escolha[] }) => {
    try {
      const r = await api.confirmarExtrato(extrato._id, matchesOf(values.transacoes ?? []));
      notify('resources.cobrancas.notifications.reconciled', { type: 'success', messageArgs: { smart_count: r.registrados ?? 0 } });
      void queryClient.invalidateQueries({ queryKey: ['financas-resumo'] });
      refresh();
      onClose();
      return undefined;
    } catch (error) {
      return submissionErrors(error, translate('resources.cobrancas.errors.confirmar'));
    }
  };
  return (
    <Form onSubmit={(v: FieldValues) => submit(v as { transacoes?: Escolha[] })} defaultValues={{ transacoes: escolhasIniciais(extrato) }} record={{}} noValidate>
      <DialogContent dividers sx={{ display: 'grid', gap: 1 }}>
        <Typography>
          Conta {extrato.conta} · {extrato.transacoes.length} crédito(s) novo(s)
          {extrato.repetidas ? ` · ${extrato.repetidas} já importado(s) antes` : ''}. Nada é registrado antes de confirmar.
        </Typography>
        <FormProblem />
        <Table size="small" aria-label="Créditos do extrato" sx={{ display: { xs: 'block', sm: 'table' }, overflowX: 'auto' }}>
          <TableHead>
            <TableRow>
              {['confirmar', 'data', 'valor', 'memo', 'situacao'].map((f) => (
                <TableCell key={f} align={f === 'valor' ? 'right' : 'left'}>
                  {translate(`${E}.fields.${f}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {extrato.transacoes.map((t, i) => {
              const fixa = t.situacao === 'conciliada';
              return (
                <TableRow key={t._id}>
                  <TableCell>
                    <BooleanInput source={`transacoes.${i}.confirmar`} label={translate(`${E}.confirmarCredito`, { fitid: t.fitid })} disabled={fixa} helperText={false} />
                  </TableCell>
                  <TableCell>{formatDateBR(t.data)}</TableCell>
                  <TableCell align="right">{formatBRL(t.valor)}</TableCell>
                  <TableCell>{t.memo}</TableCell>
                  <TableCell>
                    <Typography variant="body2">{translate(`${E}.situacao.${t.situacao}`)}</Typography>
                    {t.alerta && (
                      <Typography variant="body2" color="warning.main">
                        {t.alerta}
                      </Typography>
                    )}
                    {!fixa && <Escolher i={i} t={t} />}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </DialogContent>
      <Confirmar onClose={onClose} />
    </Form>
  );
}
