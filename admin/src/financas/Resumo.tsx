import { Alert, Box, Card, CardContent, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FinancasResumoGrupo, type FinancasResumoResponse, formatBRL } from '@veritas/common';
import { Form, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { errorMessage } from '@veritas/web';
import { plainLabel } from '../layout/FilterBar';
import { useFinancasApi } from '../providers/financasMethods';

const PERIODOS = [
  { id: '7d', name: 'Últimos 7 dias' },
  { id: '30d', name: 'Últimos 30 dias' },
  { id: 'mes', name: 'Este mês' },
  { id: 'ano', name: 'Este ano' },
];

const AGING_LABELS: Record<string, string> = { '0-30': 'Até 30 dias', '31-60': '31 a 60 dias', '61-90': '61 a 90 dias', '>90': 'Mais de 90 dias' };

function Figure(props: { label: string; value: number | undefined; hint?: string; tone?: 'error' }) {
  return (
    <Card variant="outlined" component="section" aria-label={props.label}>
      <CardContent>
        <Typography component="h2" variant="body2" color="text.secondary">
          {props.label}
        </Typography>
        <Typography variant="h5" component="p" data-figure={props.label} sx={{ fontWeight: 600, overflowWrap: 'anywhere', color: props.tone && props.value ? `${props.tone}.main` : 'text.primary' }}>
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

const nothing = () => undefined;

/**
 * The summary cards and the aging of the overdue balance (a table: the numbers a screen reader reaches),
 * for the period chosen in the form's select (react-admin's; the last 30 days at first).
 */
export function Resumo() {
  return (
    <Form defaultValues={{ periodo: '30d' }} onSubmit={nothing}>
      <Box component="section" aria-label="Resumo financeiro" sx={{ mb: 3 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2, minWidth: 0 }}>
          <SelectInput source="periodo" label={plainLabel('Período')} choices={PERIODOS} translateChoice={false} isRequired helperText={false} margin="none" size="small" sx={{ width: 220, maxWidth: '100%' }} />
        </Box>
        <ResumoFigures />
      </Box>
    </Form>
  );
}

function ResumoFigures() {
  const api = useFinancasApi();
  const periodo = useWatch<{ periodo: string }, 'periodo'>({ name: 'periodo' });
  const query = useQuery({ queryKey: ['financas-resumo', periodo], queryFn: () => api.financasResumo(periodo) });
  const d = query.data;
  return (
    <>
      {query.isError && <Alert severity="error">{errorMessage(query.error, 'Erro ao carregar o resumo.')}</Alert>}
      {query.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
          <Figure label="A receber" value={d?.aReceber} hint="Saldo das cobranças abertas" />
          <Figure label="Recebido" value={d?.recebido} hint={d?.periodoLabel} />
          <Figure label="Vencido" value={d?.vencido} tone="error" hint="Abertas após o vencimento" />
          <Figure label="Faturado" value={d?.faturado} hint={d?.periodoLabel} />
        </Box>
      )}
      {d && (
        <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
          <Box sx={{ overflowX: 'auto' }}>
            <Aging aging={d.aging} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <Grupos titulo="Por serviço" grupos={d.porServico} periodo={d.periodoLabel} />
            <Grupos titulo="Por tipo de cliente" grupos={d.porTipoCliente} periodo={d.periodoLabel} />
          </Box>
        </Box>
      )}
    </>
  );
}
