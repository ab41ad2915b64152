import { useState } from 'react';
import { Alert, Box, Button, DialogContent, FormControlLabel, IconButton, Switch, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { parseMoney, tipoClienteFormError, type TipoClienteResponse } from '@veritas/common';
import { FormActions } from '../ui/FormBits';
import { statusAndMessage, usePanelApi } from '../ui/api';

type ServicoRow = { key: number; nome: string; valor: string };

let nextKey = 0;
const row = (nome = '', valor: number | string = 0): ServicoRow => ({ key: nextKey++, nome, valor: String(valor) });

/** Cadastrar / Editar Tipo de Cliente (§2.13, §3.7): name, ativo and the priced services. */
export function TipoClienteForm(props: { tipo: TipoClienteResponse | null; onCancel: () => void; onSaved: (message: string) => void }) {
  const { tipo, onCancel, onSaved } = props;
  const api = usePanelApi();
  const [nome, setNome] = useState(tipo?.nome ?? '');
  const [ativo, setAtivo] = useState(tipo?.ativo ?? true);
  const [servicos, setServicos] = useState<ServicoRow[]>(() => (tipo?.servicos ?? []).map((s) => row(s.nome, s.valor)));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const edit = (key: number, patch: Partial<ServicoRow>) => {
    setServicos((list) => list.map((s) => (s.key === key ? { ...s, ...patch } : s)));
    setError(null);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = tipoClienteFormError(nome, servicos);
    if (problem) return setError(problem);
    setSaving(true);
    setError(null);
    // Non-numeric values become 0 (§5); the server keeps two decimal places.
    const body = { nome: nome.trim(), ativo, servicos: servicos.map((s) => ({ nome: s.nome.trim(), valor: parseMoney(s.valor) })) };
    try {
      const res = tipo
        ? await api.api(`/tipos-cliente/${tipo._id}`, { method: 'PUT', body })
        : await api.api('/tipos-cliente', { method: 'POST', body });
      onSaved(res.message ?? 'Tipo de cliente salvo com sucesso!');
    } catch (err) {
      setError(`Erro ao salvar tipo de cliente: ${statusAndMessage(err)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
      <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField label="Nome" required value={nome} onChange={(e) => (setNome(e.target.value), setError(null))} autoFocus size="small" />
        <FormControlLabel control={<Switch checked={ativo} onChange={(e) => setAtivo(e.target.checked)} />} label={ativo ? 'Ativo' : 'Inativo'} />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Serviços
          </Typography>
          {servicos.length === 0 && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              Nenhum serviço cadastrado
            </Typography>
          )}
          {servicos.map((s, i) => (
            <Box key={s.key} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 110px auto', sm: '1fr 160px auto' }, gap: 1, mb: 1.5, alignItems: 'center' }}>
              <TextField label={`Nome do serviço ${i + 1}`} size="small" value={s.nome} onChange={(e) => edit(s.key, { nome: e.target.value })} />
              <TextField
                label="Valor (R$)"
                size="small"
                type="number"
                value={s.valor}
                onChange={(e) => edit(s.key, { valor: e.target.value })}
                slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
              />
              <Tooltip title="Remover serviço">
                <IconButton aria-label={`Remover serviço ${i + 1}`} onClick={() => setServicos((list) => list.filter((x) => x.key !== s.key))}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
          <Button startIcon={<AddIcon />} onClick={() => setServicos((list) => [...list, row()])}>
            Adicionar Serviço
          </Button>
        </Box>
      </DialogContent>
      <FormActions busy={saving} onCancel={onCancel} />
    </Box>
  );
}
