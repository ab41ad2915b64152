import { useEffect, useState } from 'react';
import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, IconButton, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { ChecklistModeloItem } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useRegistrosApi } from '../providers/registrosMethods';
import { moverLinha, novaChave } from './modeloEditor';

type Linha = ChecklistModeloItem & { key: string };

/**
 * A service's document checklist (issue 11), edited by the board under Configurações → Processos:
 * ordered items with a key (what stage templates refer to), a name, a description and whether it is
 * required. The server checks the list (its 400 is shown as is); registros keep the list they got.
 */
export function ChecklistModeloEditor({ servico, onKeys }: { servico: string; onKeys?: (keys: string[]) => void }) {
  const api = useRegistrosApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const modelo = useQuery({ queryKey: ['checklist-modelo', servico], queryFn: () => api.getChecklistModelo(servico), retry: false });
  const [linhas, setLinhas] = useState<Linha[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (modelo.data) {
      setLinhas(modelo.data.itens.map((i) => ({ ...i, key: novaChave() })));
      onKeys?.(modelo.data.itens.map((i) => i.chave));
    }
    setError(null);
  }, [modelo.data]);

  const set = (i: number, patch: Partial<Linha>) => setLinhas((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  async function save() {
    const chaves = linhas.map((l) => l.chave.trim());
    const repetida = chaves.find((c, i) => chaves.indexOf(c) !== i);
    if (repetida) return setError(`A chave "${repetida}" aparece mais de uma vez.`);
    const vazio = linhas.findIndex((l) => !l.chave.trim() || !l.nome.trim());
    if (vazio !== -1) return setError(`Documento ${vazio + 1}: informe a chave e o nome.`);
    setBusy(true);
    setError(null);
    try {
      await api.putChecklistModelo(
        servico,
        linhas.map(({ chave, nome, descricao, obrigatorio }) => ({ chave: chave.trim(), nome: nome.trim(), descricao: descricao?.trim() || null, obrigatorio })),
      );
      notify('Checklist de documentos salvo. Vale para os registros criados a partir de agora.', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['checklist-modelo', servico] });
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível salvar o checklist.'));
    } finally {
      setBusy(false);
    }
  }

  if (modelo.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={20} /> Carregando...
      </Box>
    );
  }
  if (modelo.error) return <Alert severity="error">{errorMessage(modelo.error, 'Erro ao carregar o checklist.')}</Alert>;

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {linhas.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Este serviço não pede documentos.
        </Typography>
      )}
      <Box component="ol" aria-label="Documentos do checklist" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {linhas.map((l, i) => (
          <Box
            component="li"
            key={l.key}
            aria-label={`Documento ${i + 1}`}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
          >
            <Typography sx={{ width: 24, fontWeight: 600 }}>{i + 1}.</Typography>
            <TextField size="small" label="Chave" value={l.chave} onChange={(e) => set(i, { chave: e.target.value })} slotProps={{ htmlInput: { maxLength: 60 } }} sx={{ flex: '1 1 200px' }} />
            <TextField size="small" label="Nome" value={l.nome} onChange={(e) => set(i, { nome: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} sx={{ flex: '2 1 260px' }} />
            <TextField
              size="small"
              label="Descrição (opcional)"
              value={l.descricao ?? ''}
              onChange={(e) => set(i, { descricao: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
              sx={{ flex: '3 1 280px' }}
            />
            <FormControlLabel control={<Checkbox checked={l.obrigatorio} onChange={(e) => set(i, { obrigatorio: e.target.checked })} />} label="Obrigatório" />
            <Box sx={{ display: 'flex' }}>
              <IconButton aria-label={`Subir o documento ${i + 1}`} disabled={i === 0} onClick={() => setLinhas((ls) => moverLinha(ls, i, -1))}>
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton aria-label={`Descer o documento ${i + 1}`} disabled={i === linhas.length - 1} onClick={() => setLinhas((ls) => moverLinha(ls, i, 1))}>
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
              <IconButton aria-label={`Remover o documento ${i + 1}`} onClick={() => setLinhas((ls) => ls.filter((_, j) => j !== i))}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          </Box>
        ))}
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          startIcon={<AddIcon />}
          disabled={linhas.length >= 50}
          onClick={() => setLinhas((ls) => [...ls, { key: novaChave(), chave: '', nome: '', descricao: null, obrigatorio: true }])}
        >
          Adicionar documento
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          {busy ? 'Salvando...' : 'Salvar checklist'}
        </Button>
      </Box>
    </Box>
  );
}
