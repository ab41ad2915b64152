import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, DialogActions, DialogContent, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { formatBRL, formatDateBR } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { ModalDialog } from '../layout/DialogForm';
import { type Extrato, useFinancasApi } from '../providers/financasMethods';

const SITUACAO: Record<Extrato['transacoes'][number]['situacao'], string> = {
  conciliada: 'Já conciliada',
  txid: 'Pelo código PIX',
  valor: 'Pelo valor e vencimento',
  ambigua: 'Ambígua: escolha a cobrança',
  'sem-correspondencia': 'Sem correspondência',
};

/** The match review: each credit with its proposal (or the candidates to choose from); only what is checked is paid. */
function Revisao({ extrato, onClose }: { extrato: Extrato; onClose: () => void }) {
  const api = useFinancasApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [escolha, setEscolha] = useState<Record<string, string>>(() =>
    Object.fromEntries(extrato.transacoes.filter((t) => t.cobrancaId && t.situacao !== 'conciliada').map((t) => [t._id, t.cobrancaId as string])),
  );
  const confirmar = useMutation({
    mutationFn: () => api.confirmarExtrato(extrato._id, Object.entries(escolha).filter(([, c]) => c).map(([transacaoId, cobrancaId]) => ({ transacaoId, cobrancaId }))),
    onSuccess: (r) => {
      notify(`${r.registrados ?? 0} pagamento(s) registrado(s).`, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['financas-resumo'] });
      refresh();
      onClose();
    },
  });
  return (
    <>
      <DialogContent dividers>
        <Typography gutterBottom>
          Conta {extrato.conta} · {extrato.transacoes.length} crédito(s) novo(s)
          {extrato.repetidas ? ` · ${extrato.repetidas} já importado(s) antes` : ''}. Nada é registrado antes de confirmar.
        </Typography>
        {confirmar.isError && <Alert severity="error">{errorMessage(confirmar.error, 'Erro ao confirmar.')}</Alert>}
        <Table size="small" aria-label="Créditos do extrato">
          <TableHead>
            <TableRow>
              <TableCell>Confirmar</TableCell>
              <TableCell>Data</TableCell>
              <TableCell align="right">Valor</TableCell>
              <TableCell>Histórico</TableCell>
              <TableCell>Correspondência</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {extrato.transacoes.map((t) => {
              const chosen = escolha[t._id] ?? '';
              const set = (v: string) => setEscolha((e) => ({ ...e, [t._id]: v }));
              return (
                <TableRow key={t._id}>
                  <TableCell>
                    <Checkbox
                      checked={!!chosen}
                      disabled={t.situacao === 'conciliada' || !t.candidatas.length}
                      onChange={(e) => set(e.target.checked ? t.cobrancaId ?? t.candidatas[0]?.cobrancaId ?? '' : '')}
                      slotProps={{ input: { 'aria-label': `Confirmar crédito ${t.fitid}` } }}
                    />
                  </TableCell>
                  <TableCell>{formatDateBR(t.data)}</TableCell>
                  <TableCell align="right">{formatBRL(t.valor)}</TableCell>
                  <TableCell>{t.memo}</TableCell>
                  <TableCell>
                    <Typography variant="body2">{SITUACAO[t.situacao]}</Typography>
                    {t.candidatas.length > 0 && t.situacao !== 'conciliada' && (
                      <TextField select size="small" label={`Cobrança do crédito ${t.fitid}`} value={chosen} onChange={(e) => set(e.target.value)} sx={{ minWidth: 260, mt: 0.5 }}>
                        <MenuItem value="">Não conciliar</MenuItem>
                        {t.candidatas.map((c) => (
                          <MenuItem key={c.cobrancaId} value={c.cobrancaId}>
                            {c.clienteNome} — {formatBRL(c.saldo)} — venc. {formatDateBR(c.vencimento)}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" disabled={confirmar.isPending || !Object.values(escolha).some(Boolean)} onClick={() => confirmar.mutate()}>
          Confirmar conciliação
        </Button>
      </DialogActions>
    </>
  );
}

/** "Importar extrato (OFX)": the file goes to the server, which proposes the matches for review. */
export function ExtratoImport() {
  const api = useFinancasApi();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [extrato, setExtrato] = useState<Extrato | null>(null);
  const importar = useMutation({
    mutationFn: (file: File) => api.importarExtrato(file),
    onSuccess: setExtrato,
    onError: (err) => notify(errorMessage(err, 'Erro ao importar o extrato.'), { type: 'error' }),
  });
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".ofx,application/x-ofx"
        hidden
        aria-label="Arquivo OFX"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) importar.mutate(file);
        }}
      />
      <Button startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={importar.isPending}>
        Importar extrato (OFX)
      </Button>
      {extrato && (
        <ModalDialog open title="Conciliação do extrato" onClose={() => setExtrato(null)} maxWidth="md">
          <Revisao extrato={extrato} onClose={() => setExtrato(null)} />
        </ModalDialog>
      )}
    </>
  );
}
