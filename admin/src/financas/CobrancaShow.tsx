import { Alert, Box, Button, DialogActions, DialogContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { ShowBase, useNotify, useShowContext, useTranslate } from 'react-admin';
import { type CobrancaDetalheResponse, formatBRL, formatDateBR, formatDateTimeBR, LINHA_TIPO_LABELS } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useCan } from '../layout/Restricted';
import { useFinancasApi } from '../providers/financasMethods';
import { CancelarForm, PagamentoForm } from './CobrancaAcoes';
import { Pix } from './Pix';

const R = 'cobrancas';
type Detalhe = CobrancaDetalheResponse & { id: string };

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Pagamentos({ c }: { c: Detalhe }) {
  const api = useFinancasApi();
  const notify = useNotify();
  const translate = useTranslate();
  const recibo = async (pid: string, n: number) => {
    try {
      await api.baixarRecibo(c.id, pid, `recibo-${c.txid}-${n}.pdf`);
    } catch (err) {
      notify(errorMessage(err, translate(`resources.${R}.errors.recibo`)), { type: 'error' });
    }
  };
  if (!c.pagamentos.length) return <Typography color="text.secondary">{translate(`resources.${R}.empty.pagamentos`)}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Pagamentos da cobrança">
        <TableBody>
          {c.pagamentos.map((p, i) => (
            <TableRow key={p._id}>
              <TableCell>{formatDateBR(p.data)}</TableCell>
              <TableCell>{p.formaLabel}</TableCell>
              <TableCell align="right">{formatBRL(p.valor)}</TableCell>
              <TableCell>{p.nota}</TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => void recibo(p._id, i + 1)}>
                  {translate(`resources.${R}.actions.recibo`)}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The charge in the show context: lines, its PIX while open, payments with receipts, history, and what staff may do. */
function Detalhes({ onEdit }: { onEdit: () => void }) {
  const { record: found, error, refetch } = useShowContext<Detalhe>();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canWrite = useCan('financas.write');
  if (error) return <Alert severity="error">{errorMessage(error, 'Erro ao carregar a cobrança.')}</Alert>;
  if (!found) return null;
  // react-admin may first answer with the list's copy of the row, which has no payments or history.
  const c = { ...found, pagamentos: found.pagamentos ?? [], historico: found.historico ?? [] };
  // After a change, the charges (this one and the list) and the summary are read again, but not its
  // PIX: that is keyed by the balance, so a new balance asks for a new code and a settled charge asks
  // for none (a global refresh would ask for the old one first, and get 409: issue 52).
  const changed = (key: string) => () => {
    notify(`resources.${R}.notifications.${key}`, { type: 'success' });
    void refetch();
    void queryClient.invalidateQueries({ queryKey: ['financas-resumo'] });
    void queryClient.invalidateQueries({ queryKey: [R] });
  };
  const aberta = canWrite && c.status === 'aberta';
  return (
    <>
      <Box>
        <Typography variant="h6" component="h2">
          {c.clienteNome} — {formatBRL(c.total)}
        </Typography>
        <Typography color="text.secondary">
          {c.statusLabel} · vencimento {formatDateBR(c.vencimento)} · pago {formatBRL(c.pago)} · saldo {formatBRL(c.saldo)} ·{' '}
          {c.registroNumero ? `registro ${c.registroNumero}` : translate(`resources.${R}.avulsa`).toLowerCase()}
        </Typography>
        {c.motivoCancelamento && <Typography>Motivo do cancelamento: {c.motivoCancelamento}</Typography>}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(`resources.${R}.fields.linhas`)}>
          <TableHead>
            <TableRow>
              <TableCell>Descrição</TableCell>
              <TableCell>Tipo</TableCell>
              <TableCell align="right">Valor</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {c.linhas.map((l, i) => (
              <TableRow key={i}>
                <TableCell>{l.descricao}</TableCell>
                <TableCell>{LINHA_TIPO_LABELS[l.tipo]}</TableCell>
                <TableCell align="right">{formatBRL(l.valor)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {c.status === 'aberta' && c.saldo > 0 && <Pix id={c.id} saldo={c.saldo} />}
      <Section title="Pagamentos">
        <Pagamentos c={c} />
        {aberta && <PagamentoForm key={c.updatedAt} c={c} onDone={changed('paid')} />}
      </Section>
      <Section title="Histórico">
        {c.historico.map((h) => (
          <Typography key={h._id} variant="body2">
            {formatDateTimeBR(h.data)} — {h.autorNome}: {h.descricao}
          </Typography>
        ))}
      </Section>
      {aberta && c.pagamentos.length === 0 && (
        <Button onClick={onEdit} sx={{ justifySelf: 'start' }}>
          {translate(`resources.${R}.actions.edit`)}
        </Button>
      )}
      {aberta && (
        <Section title={translate(`resources.${R}.actions.cancel`)}>
          <CancelarForm c={c} onDone={changed('cancelled')} />
        </Section>
      )}
    </>
  );
}

/** Detalhes da Cobrança: the charge read through the dataProvider (GET /api/cobrancas/:id). */
export function CobrancaShow({ id, onEdit, onClose }: { id: string; onEdit: () => void; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <ShowBase resource={R} id={id}>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Detalhes onEdit={onEdit} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('panel.actions.close')}</Button>
      </DialogActions>
    </ShowBase>
  );
}
