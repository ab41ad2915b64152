import { useState } from 'react';
import { Alert, Autocomplete, Box, Button, DialogActions, DialogContent, IconButton, MenuItem, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { LINHA_TIPO_LABELS, LINHA_TIPOS, type LinhaTipo, parseMoney } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { ModalDialog } from '../layout/DialogForm';
import { useClienteBusca } from '../layout/useClienteBusca';
import { useFinancasApi } from '../providers/financasMethods';

export interface Linha {
  descricao: string;
  tipo: LinhaTipo;
  valor: string;
}

type Cliente = { id: string; razaoSocial: string; cnpj: string };

/** The lines of a charge as typed: description, honorário or taxa, value in BRL (pt-BR or plain). */
export function LinhasEditor({ linhas, setLinhas }: { linhas: Linha[]; setLinhas: (update: (ls: Linha[]) => Linha[]) => void }) {
  const setLinha = (i: number, change: Partial<Linha>) => setLinhas((ls) => ls.map((l, j) => (j === i ? { ...l, ...change } : l)));
  return (
    <>
      {linhas.map((l, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField label={`Descrição da linha ${i + 1}`} value={l.descricao} onChange={(e) => setLinha(i, { descricao: e.target.value })} sx={{ flex: 2, minWidth: 200 }} />
          <TextField select label={`Tipo da linha ${i + 1}`} value={l.tipo} onChange={(e) => setLinha(i, { tipo: e.target.value as LinhaTipo })} sx={{ minWidth: 140 }}>
            {LINHA_TIPOS.map((t) => (
              <MenuItem key={t} value={t}>
                {LINHA_TIPO_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={`Valor da linha ${i + 1} (R$)`} value={l.valor} onChange={(e) => setLinha(i, { valor: e.target.value })} sx={{ width: 170 }} />
          {linhas.length > 1 && (
            <IconButton aria-label={`Remover linha ${i + 1}`} onClick={() => setLinhas((ls) => ls.filter((_, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          )}
        </Box>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => setLinhas((ls) => [...ls, { descricao: '', tipo: 'taxa', valor: '' }])} sx={{ justifySelf: 'start' }}>
        Adicionar linha
      </Button>
    </>
  );
}

/** The lines ready for the API, or the pt-BR reason they are not. */
export function linhasPayload(linhas: Linha[]): { descricao: string; tipo: LinhaTipo; valor: number }[] | string {
  if (linhas.some((l) => !l.descricao.trim() || parseMoney(l.valor) <= 0)) return 'Cada linha precisa de descrição e de um valor maior que zero.';
  return linhas.map((l) => ({ descricao: l.descricao.trim(), tipo: l.tipo, valor: parseMoney(l.valor) }));
}

function Form({ onClose }: { onClose: () => void }) {
  const api = useFinancasApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [busca, setBusca] = useState('');
  const clientes = useClienteBusca<Cliente>(busca);
  const [cliente, setCliente] = useState<Cliente | null>(null);
  const [vencimento, setVencimento] = useState('');
  const [linhas, setLinhas] = useState<Linha[]>([{ descricao: '', tipo: 'honorario', valor: '' }]);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (payload: { descricao: string; tipo: LinhaTipo; valor: number }[]) =>
      api.criarCobranca({ clienteId: cliente?.id ?? '', vencimento: vencimento || undefined, linhas: payload }),
    onSuccess: () => {
      notify('Cobrança emitida.', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['financas-resumo'] });
      refresh();
      onClose();
    },
    onError: (err) => setProblem(errorMessage(err, 'Erro ao emitir a cobrança.')),
  });
  const submit = () => {
    if (!cliente) return setProblem('Escolha o cliente.');
    const payload = linhasPayload(linhas);
    if (typeof payload === 'string') return setProblem(payload);
    setProblem(null);
    save.mutate(payload);
  };
  return (
    <>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        {problem && <Alert severity="error">{problem}</Alert>}
        <Autocomplete
          options={clientes.options}
          loading={clientes.loading}
          loadingText="Carregando..."
          value={cliente}
          onChange={(_, v) => setCliente(v)}
          onInputChange={(_, v) => setBusca(v)}
          getOptionLabel={(c) => c.razaoSocial}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(x) => x}
          renderInput={(params) => <TextField {...params} label="Cliente" required />}
        />
        <TextField type="date" label="Vencimento" value={vencimento} onChange={(e) => setVencimento(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} helperText="Vazio: o prazo padrão da empresa." />
        <LinhasEditor linhas={linhas} setLinhas={setLinhas} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Emitir cobrança
        </Button>
      </DialogActions>
    </>
  );
}

/** "Nova Cobrança": a manual charge (client, due date, lines of honorários and taxas). */
export function NovaCobranca() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        Nova Cobrança
      </Button>
      {open && (
        <ModalDialog open title="Nova Cobrança" onClose={() => setOpen(false)}>
          <Form onClose={() => setOpen(false)} />
        </ModalDialog>
      )}
    </>
  );
}
