import { useState } from 'react';
import { Alert, Box, Card, CardContent, Chip, MenuItem, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, ExportButton, List, Title, TopToolbar, useTranslate } from 'react-admin';
import { COBRANCA_STATUS_LABELS, type CobrancaResponse, type FinancasResumoGrupo, type FinancasResumoResponse, formatBRL, formatDateBR } from '@veritas/common';
import { CobrancaDetail } from './CobrancaDetail';
import { PageHeader, ListEmpty, ListLoadError, searchFilter, tabsFilter } from '../layout/ListScreen';
import { Restricted, useCan } from '../layout/Restricted';
import { ExtratoImport } from './ExtratoImport';
import { NovaCobranca } from './NovaCobranca';
import { csvExporter } from '../providers/exporter';
import { useFinancasApi } from '../providers/financasMethods';
import { i18nProvider } from '../providers/i18nProvider';
import { errorMessage } from '@veritas/web';

type Cobranca = CobrancaResponse & { id: string };
const R = 'cobrancas';
const t = (key: string, options?: object) => i18nProvider.translate(key, options);

const PERIODOS = [
  { value: '7d', label: 'Últimos 7 dias' },
  { value: '30d', label: 'Últimos 30 dias' },
  { value: 'mes', label: 'Este mês' },
  { value: 'ano', label: 'Este ano' },
] as const;

export const STATUS_TABS = [
  { value: 'todos', label: 'Todas' },
  { value: 'aberta', label: 'Abertas' },
  { value: 'vencida', label: 'Vencidas' },
  { value: 'paga', label: 'Pagas' },
  { value: 'cancelada', label: 'Canceladas' },
] as const;

const AGING_LABELS: Record<string, string> = { '0-30': 'Até 30 dias', '31-60': '31 a 60 dias', '61-90': '61 a 90 dias', '>90': 'Mais de 90 dias' };

/** The CSV of the filtered list: pt-BR headers, dates dd/mm/aaaa and BRL. */
export const exportCobrancas = csvExporter<Cobranca>('cobrancas', () => [
  { header: t(`resources.${R}.fields.clienteNome`), value: (r) => r.clienteNome ?? '' },
  { header: 'CNPJ', value: (r) => r.clienteCnpj ?? '' },
  { header: t(`resources.${R}.fields.registroNumero`), value: (r) => r.registroNumero ?? '' },
  { header: t(`resources.${R}.fields.vencimento`), value: (r) => formatDateBR(r.vencimento) },
  { header: t(`resources.${R}.fields.total`), value: (r) => formatBRL(r.total) },
  { header: t(`resources.${R}.fields.pago`), value: (r) => formatBRL(r.pago) },
  { header: t(`resources.${R}.fields.saldo`), value: (r) => formatBRL(r.saldo) },
  { header: t(`resources.${R}.fields.status`), value: (r) => r.statusLabel },
]);

function StatusChip({ c }: { c: Cobranca }) {
  const key = c.vencida ? 'vencida' : c.status;
  const color = key === 'paga' ? 'success' : key === 'vencida' ? 'error' : key === 'aberta' ? 'warning' : 'default';
  return <Chip size="small" label={COBRANCA_STATUS_LABELS[key]} color={color} />;
}

function Figure(props: { label: string; value: number | undefined; hint?: string; tone?: 'error' }) {
  return (
    <Card variant="outlined" component="section" aria-label={props.label}>
      <CardContent>
        <Typography component="h2" variant="body2" color="text.secondary">
          {props.label}
        </Typography>
        <Typography variant="h5" component="p" data-figure={props.label} sx={{ fontWeight: 600, color: props.tone && props.value ? `${props.tone}.main` : 'text.primary' }}>
          {props.value === undefined ? '—' : formatBRL(props.value)}
        </Typography>
        {props.hint && (
          <Typography variant="caption" color="text.secondary">
            {props.hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The overdue balance by days past due: bars for the eye, the numbers in the same table for everyone. */
function Aging({ aging }: { aging: FinancasResumoResponse['aging'] }) {
  const max = Math.max(...aging.map((a) => a.valor), 0);
  return (
    <Table size="small" aria-label="Vencido por tempo de atraso">
      <TableHead>
        <TableRow>
          <TableCell>Atraso</TableCell>
          <TableCell align="right">Valor</TableCell>
          <TableCell align="right">Cobranças</TableCell>
          <TableCell sx={{ width: '35%' }} aria-hidden="true" />
        </TableRow>
      </TableHead>
      <TableBody>
        {aging.map((a) => (
          <TableRow key={a.faixa}>
            <TableCell>{AGING_LABELS[a.faixa] ?? a.faixa}</TableCell>
            <TableCell align="right">{formatBRL(a.valor)}</TableCell>
            <TableCell align="right">{a.quantidade}</TableCell>
            <TableCell aria-hidden="true">
              <Box sx={{ height: 10, borderRadius: 1, bgcolor: 'error.light', width: max ? `${Math.round((a.valor / max) * 100)}%` : 0 }} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Charges made in the period, grouped: billed, of which fees and pass-through taxas, received, still open. */
function Grupos({ titulo, grupos, periodo }: { titulo: string; grupos: FinancasResumoGrupo[]; periodo: string }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`${titulo} (${periodo})`}>
        <TableHead>
          <TableRow>
            <TableCell>{titulo}</TableCell>
            <TableCell align="right">Faturado</TableCell>
            <TableCell align="right">Honorários</TableCell>
            <TableCell align="right">Taxas</TableCell>
            <TableCell align="right">Recebido</TableCell>
            <TableCell align="right">Em aberto</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {grupos.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>Nenhuma cobrança emitida no período.</TableCell>
            </TableRow>
          )}
          {grupos.map((g) => (
            <TableRow key={g.nome}>
              <TableCell>{g.nome}</TableCell>
              <TableCell align="right">{formatBRL(g.faturado)}</TableCell>
              <TableCell align="right">{formatBRL(g.honorarios)}</TableCell>
              <TableCell align="right">{formatBRL(g.taxas)}</TableCell>
              <TableCell align="right">{formatBRL(g.recebido)}</TableCell>
              <TableCell align="right">{formatBRL(g.emAberto)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The summary cards and the aging of the overdue balance (a table: the numbers a screen reader reaches). */
function Resumo() {
  const api = useFinancasApi();
  const [periodo, setPeriodo] = useState<string>('30d');
  const query = useQuery({ queryKey: ['financas-resumo', periodo], queryFn: () => api.financasResumo(periodo) });
  const d = query.data;
  return (
    <Box component="section" aria-label="Resumo financeiro" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <TextField select size="small" label="Período" value={periodo} onChange={(e) => setPeriodo(e.target.value)} sx={{ width: 220 }}>
          {PERIODOS.map((p) => (
            <MenuItem key={p.value} value={p.value}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {query.isError && <Alert severity="error">{errorMessage(query.error, 'Erro ao carregar o resumo.')}</Alert>}
      {query.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Figure label="A receber" value={d?.aReceber} hint="Saldo das cobranças abertas" />
          <Figure label="Recebido" value={d?.recebido} hint={d?.periodoLabel} />
          <Figure label="Vencido" value={d?.vencido} tone="error" hint="Abertas após o vencimento" />
          <Figure label="Faturado" value={d?.faturado} hint={d?.periodoLabel} />
        </Box>
      )}
      {d && (
        <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' }, alignItems: 'start' }}>
          <Aging aging={d.aging} />
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <Grupos titulo="Por serviço" grupos={d.porServico} periodo={d.periodoLabel} />
            <Grupos titulo="Por tipo de cliente" grupos={d.porTipoCliente} periodo={d.periodoLabel} />
          </Box>
        </Box>
      )}
    </Box>
  );
}

function CobrancasList() {
  const translate = useTranslate();
  const [aberta, setAberta] = useState<string | null>(null);
  return (
    <>
      <List
        resource={R}
        title={false}
        filters={[searchFilter(translate(`resources.${R}.search`)), tabsFilter('status', translate(`resources.${R}.fields.status`), STATUS_TABS)]}
        filterDefaultValues={{ status: 'todos' }}
        sort={{ field: 'vencimento', order: 'ASC' }}
        exporter={exportCobrancas}
        actions={
          <TopToolbar>
            <ExportButton />
          </TopToolbar>
        }
        error={<ListLoadError prefix="Erro ao carregar cobranças: " />}
      >
        <DataTable
          bulkActionButtons={false}
          rowClick={(id) => {
            setAberta(String(id));
            return false;
          }}
          empty={<ListEmpty none={`resources.${R}.empty.none`} noMatch={`resources.${R}.empty.noMatch`} ignore={['status']} />}
        >
          <DataTable.Col source="clienteNome" />
          <DataTable.Col source="registroNumero" disableSort render={(r: Cobranca) => r.registroNumero ?? '—'} />
          <DataTable.Col source="vencimento" render={(r: Cobranca) => formatDateBR(r.vencimento)} />
          <DataTable.Col source="total" align="right" render={(r: Cobranca) => formatBRL(r.total)} />
          <DataTable.Col source="pago" align="right" render={(r: Cobranca) => formatBRL(r.pago)} />
          <DataTable.Col source="saldo" align="right" render={(r: Cobranca) => formatBRL(r.saldo)} />
          <DataTable.Col source="status" render={(r: Cobranca) => <StatusChip c={r} />} />
        </DataTable>
      </List>
      {aberta && <CobrancaDetail id={aberta} onClose={() => setAberta(null)} />}
    </>
  );
}

/** The screen's actions for whoever may write: a manual charge, a bank statement. */
function FinancasActions() {
  const canWrite = useCan('financas.write');
  if (!canWrite) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <ExtratoImport />
      <NovaCobranca />
    </Box>
  );
}

/** /painel/financas (issue 12): the summary and the charges list. Holders of Financeiro, diretoria, master. */
export default function FinancasPage() {
  return (
    <Restricted action="financas.read">
      <Box sx={{ mb: 4 }}>
        <Title title="Finanças" />
        <PageHeader title="Finanças" action={<FinancasActions />} />
        <Resumo />
        <CobrancasList />
      </Box>
    </Restricted>
  );
}
