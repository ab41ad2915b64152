import { useState } from 'react';
import { Alert, Box, Button, DialogActions, DialogContent, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetOne, useNotify, useRefresh } from 'react-admin';
import {
  type CobrancaDetalheResponse,
  FORMA_PAGAMENTO_LABELS,
  FORMAS_PAGAMENTO,
  type FormaPagamento,
  formatBRL,
  formatDateBR,
  formatDateTimeBR,
  LINHA_TIPO_LABELS,
  type LinhaTipo,
  parseMoney,
} from '@veritas/common';
import { ModalDialog } from '../layout/DialogForm';
import { useCan } from '../layout/Restricted';
import { errorMessage } from '@veritas/web';
import { useFinancasApi } from '../providers/financasMethods';
import { type Linha, LinhasEditor, linhasPayload } from './NovaCobranca';

type Detalhe = CobrancaDetalheResponse & { id: string };

/** PIX copia e cola with a copy button, and the QR code (an image of the server's SVG). */
function Pix({ id }: { id: string }) {
  const api = useFinancasApi();
  const notify = useNotify();
  const pix = useQuery({ queryKey: ['cobranca-pix', id], queryFn: () => api.cobrancaPix(id) });
  if (pix.isError) return <Alert severity="warning">PIX indisponível: {errorMessage(pix.error, 'sem conexão com o servidor')}</Alert>;
  if (!pix.data) return null;
  const copy = async () => {
    await navigator.clipboard.writeText(pix.data.payload);
    notify('Código PIX copiado.', { type: 'success' });
  };
  return (
    <Box component="section" aria-label="PIX" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Box component="img" src={`data:image/svg+xml;utf8,${encodeURIComponent(pix.data.qrSvg)}`} alt="QR code PIX da cobrança" sx={{ width: 180, height: 180 }} />
      <Box sx={{ flex: 1, minWidth: 240 }}>
        <TextField label="PIX copia e cola" value={pix.data.payload} multiline fullWidth size="small" slotProps={{ htmlInput: { readOnly: true } }} />
        <Button startIcon={<ContentCopyIcon />} onClick={copy} sx={{ mt: 1 }}>
          Copiar código PIX
        </Button>
      </Box>
    </Box>
  );
}

function PagamentoForm({ c, onDone }: { c: Detalhe; onDone: () => void }) {
  const api = useFinancasApi();
  const [valor, setValor] = useState(String(c.saldo).replace('.', ','));
  const [forma, setForma] = useState<FormaPagamento>('pix');
  const [nota, setNota] = useState('');
  const save = useMutation({ mutationFn: () => api.registrarPagamento(c.id, { valor: parseMoney(valor), forma, nota: nota.trim() || undefined }), onSuccess: onDone });
  return (
    <Box component="form" aria-label="Registrar pagamento" onSubmit={(e) => (e.preventDefault(), save.mutate())} sx={{ display: 'grid', gap: 1, mt: 1 }}>
      {save.isError && <Alert severity="error">{errorMessage(save.error, 'Erro ao registrar o pagamento.')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField label="Valor (R$)" size="small" value={valor} onChange={(e) => setValor(e.target.value)} required />
        <TextField select label="Forma" size="small" value={forma} onChange={(e) => setForma(e.target.value as FormaPagamento)} sx={{ minWidth: 160 }}>
          {FORMAS_PAGAMENTO.map((f) => (
            <MenuItem key={f} value={f}>
              {FORMA_PAGAMENTO_LABELS[f]}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Nota" size="small" value={nota} onChange={(e) => setNota(e.target.value)} />
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Registrar pagamento
        </Button>
      </Stack>
    </Box>
  );
}

/** Due date and lines, while the charge is open and nothing was paid. */
function Editar({ c, onDone }: { c: Detalhe; onDone: () => void }) {
  const api = useFinancasApi();
  const [open, setOpen] = useState(false);
  const [vencimento, setVencimento] = useState(c.vencimento);
  const [linhas, setLinhas] = useState<Linha[]>(() => c.linhas.map((l) => ({ descricao: l.descricao, tipo: l.tipo, valor: String(l.valor).replace('.', ',') })));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (payload: { descricao: string; tipo: LinhaTipo; valor: number }[]) => api.editarCobranca(c.id, { vencimento, linhas: payload }),
    onSuccess: () => {
      setOpen(false);
      onDone();
    },
    onError: (err) => setProblem(errorMessage(err, 'Erro ao salvar a cobrança.')),
  });
  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} sx={{ justifySelf: 'start' }}>
        Editar cobrança
      </Button>
    );
  }
  const submit = () => {
    const payload = linhasPayload(linhas);
    if (typeof payload === 'string') return setProblem(payload);
    setProblem(null);
    save.mutate(payload);
  };
  return (
    <Box component="section" aria-label="Editar cobrança" sx={{ display: 'grid', gap: 1.5 }}>
      {problem && <Alert severity="error">{problem}</Alert>}
      <TextField type="date" label="Vencimento" size="small" value={vencimento} onChange={(e) => setVencimento(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} sx={{ maxWidth: 220 }} />
      <LinhasEditor linhas={linhas} setLinhas={setLinhas} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button onClick={() => setOpen(false)}>Descartar</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Salvar alterações
        </Button>
      </Box>
    </Box>
  );
}

function Cancelar({ c, onDone }: { c: Detalhe; onDone: () => void }) {
  const api = useFinancasApi();
  const [motivo, setMotivo] = useState('');
  const cancel = useMutation({ mutationFn: () => api.cancelarCobranca(c.id, motivo.trim()), onSuccess: onDone });
  return (
    <Box component="form" aria-label="Cancelar cobrança" onSubmit={(e) => (e.preventDefault(), cancel.mutate())} sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
      {cancel.isError && <Alert severity="error" sx={{ flexBasis: '100%' }}>{errorMessage(cancel.error, 'Erro ao cancelar a cobrança.')}</Alert>}
      <TextField label="Motivo do cancelamento" size="small" value={motivo} onChange={(e) => setMotivo(e.target.value)} sx={{ flex: 1, minWidth: 240 }} />
      <Button type="submit" color="error" disabled={cancel.isPending || !motivo.trim()}>
        Cancelar cobrança
      </Button>
    </Box>
  );
}

/** A charge: lines, payments with their receipts, its PIX while open, the history; pay or cancel. */
export function CobrancaDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const api = useFinancasApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const canWrite = useCan('financas.write');
  const { data: found, error, refetch } = useGetOne<Detalhe>('cobrancas', { id });
  // react-admin first answers with the list's copy of the row, which has no payments or history.
  const c = found ? { ...found, pagamentos: found.pagamentos ?? [], historico: found.historico ?? [] } : undefined;
  const changed = (message: string) => {
    notify(message, { type: 'success' });
    void refetch();
    void queryClient.invalidateQueries({ queryKey: ['financas-resumo'] });
    void queryClient.invalidateQueries({ queryKey: ['cobranca-pix', id] });
    refresh();
  };
  const recibo = async (pid: string, n: number) => {
    try {
      await api.baixarRecibo(id, pid, `recibo-${c?.txid ?? id}-${n}.pdf`);
    } catch (err) {
      notify(errorMessage(err, 'Erro ao baixar o recibo.'), { type: 'error' });
    }
  };
  return (
    <ModalDialog open title="Detalhes da Cobrança" onClose={onClose} maxWidth="md">
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        {error ? <Alert severity="error">{errorMessage(error, 'Erro ao carregar a cobrança.')}</Alert> : null}
        {c && (
          <>
            <Box>
              <Typography variant="h6" component="h2">
                {c.clienteNome} — {formatBRL(c.total)}
              </Typography>
              <Typography color="text.secondary">
                {c.statusLabel} · vencimento {formatDateBR(c.vencimento)} · pago {formatBRL(c.pago)} · saldo {formatBRL(c.saldo)}
                {c.registroNumero ? ` · registro ${c.registroNumero}` : ''}
              </Typography>
              {c.motivoCancelamento && <Typography>Motivo do cancelamento: {c.motivoCancelamento}</Typography>}
            </Box>
            <Table size="small" aria-label="Linhas da cobrança">
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
            {c.status === 'aberta' && c.saldo > 0 && <Pix id={c.id} />}
            <Box component="section" aria-label="Pagamentos">
              <Typography variant="subtitle1" component="h3">
                Pagamentos
              </Typography>
              {c.pagamentos.length === 0 ? (
                <Typography color="text.secondary">Nenhum pagamento registrado.</Typography>
              ) : (
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
                            Recibo (PDF)
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              {canWrite && c.status === 'aberta' && <PagamentoForm c={c} onDone={() => changed('Pagamento registrado.')} />}
            </Box>
            <Box component="section" aria-label="Histórico">
              <Typography variant="subtitle1" component="h3">
                Histórico
              </Typography>
              {c.historico.map((h) => (
                <Typography key={h._id} variant="body2">
                  {formatDateTimeBR(h.data)} — {h.autorNome}: {h.descricao}
                </Typography>
              ))}
            </Box>
            {canWrite && c.status === 'aberta' && c.pagamentos.length === 0 && <Editar key={c.updatedAt} c={c} onDone={() => changed('Cobrança atualizada.')} />}
            {canWrite && c.status === 'aberta' && <Cancelar c={c} onDone={() => changed('Cobrança cancelada.')} />}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </ModalDialog>
  );
}
