import { useEffect, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControl,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  CHECKLIST_CHAVE,
  formatDateTimeBR,
  MODELO_MAX_ETAPAS,
  MODELO_NOME_MAX,
  RESPONSAVEL_TIPO_LABELS,
  RESPONSAVEL_TIPOS,
  type ResponsavelTipo,
} from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { Restricted } from '../layout/Restricted';
import { useRegistrosApi } from '../providers/registrosMethods';
import { ChecklistModeloEditor } from './ChecklistModeloEditor';
import { ConfiguracoesTabs } from './ConfiguracoesTabs';
import { checarModelo, type LinhaModelo, linhaVazia, moverLinha, paraLinhas } from './modeloEditor';
import { SERVICO_PADRAO } from './servico';

const CHAVES = Object.values(CHECKLIST_CHAVE);

/** Configurações → Processos (the board): each service's stages, edited as ordered rows. */
function ModelosScreen() {
  const api = useRegistrosApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const servico = params.get('servico') || SERVICO_PADRAO;
  const modelos = useQuery({ queryKey: ['processos-modelos'], queryFn: () => api.getModelos() });
  const modelo = modelos.data?.find((m) => m.servico === servico);
  const [linhas, setLinhas] = useState<LinhaModelo[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [chavesChecklist, setChavesChecklist] = useState<string[]>([]);

  useEffect(() => {
    if (modelo) setLinhas(paraLinhas(modelo.etapas));
    setError(null);
  }, [modelo]);

  const set = (i: number, patch: Partial<LinhaModelo>) => setLinhas((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  async function save() {
    const checked = checarModelo(linhas);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    setBusy(true);
    try {
      await api.putModelo(servico, checked.etapas);
      notify('Modelo de etapas salvo. Vale para os registros criados a partir de agora.', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['processos-modelos'] });
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível salvar o modelo.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ mb: 4 }}>
      <Title title="Configurações" />
      <ConfiguracoesTabs />
      <Card sx={{ mt: 2 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography component="h1" variant="h5">
            Modelos de etapas
          </Typography>
          <Typography variant="body2" color="text.secondary">
            As etapas de cada serviço, em ordem. Um novo registro recebe as etapas do modelo do seu serviço; os registros existentes
            mantêm as suas.
          </Typography>
          <FormControl size="small" sx={{ width: 360, maxWidth: 1 }}>
            <InputLabel id="modelo-servico">Serviço</InputLabel>
            <Select
              labelId="modelo-servico"
              label="Serviço"
              value={modelos.data ? servico : ''}
              onChange={(e) => setParams({ servico: String(e.target.value) }, { replace: true })}
            >
              {(modelos.data ?? []).map((m) => (
                <MenuItem key={m.servico} value={m.servico}>
                  {m.nome}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {modelos.error && <Alert severity="error">{errorMessage(modelos.error, 'Erro ao carregar os modelos.')}</Alert>}
          {modelos.isPending && (
            <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <CircularProgress size={20} /> Carregando...
            </Box>
          )}
          {modelo && (
            <Typography variant="caption" color="text.secondary">
              {modelo.personalizado
                ? `Personalizado${modelo.atualizadoEm ? ` em ${formatDateTimeBR(modelo.atualizadoEm)}` : ''}${modelo.atualizadoPor ? ` por ${modelo.atualizadoPor}` : ''}.`
                : 'Modelo padrão do sistema (ainda não editado).'}
            </Typography>
          )}
          {modelo && (
            <Box component="ol" aria-label="Etapas do modelo" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              {linhas.map((l, i) => (
                <Box
                  component="li"
                  key={l.key}
                  aria-label={`Etapa ${i + 1}`}
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
                >
                  <Typography sx={{ width: 24, fontWeight: 600 }}>{i + 1}.</Typography>
                  <TextField
                    size="small"
                    label="Nome"
                    value={l.nome}
                    onChange={(e) => set(i, { nome: e.target.value })}
                    slotProps={{ htmlInput: { maxLength: MODELO_NOME_MAX } }}
                    sx={{ flex: '2 1 240px' }}
                  />
                  <FormControl size="small" sx={{ flex: '1 1 200px' }}>
                    <InputLabel id={`resp-${l.key}`}>Responsável</InputLabel>
                    <Select
                      labelId={`resp-${l.key}`}
                      label="Responsável"
                      value={l.responsavelTipo}
                      onChange={(e) => set(i, { responsavelTipo: e.target.value as ResponsavelTipo })}
                    >
                      {RESPONSAVEL_TIPOS.map((r) => (
                        <MenuItem key={r} value={r}>
                          {RESPONSAVEL_TIPO_LABELS[r]}
                        </MenuItem>
                      ))}
                    </Select>
                  </FormControl>
                  <TextField
                    size="small"
                    label="Duração (dias úteis)"
                    value={l.duracao}
                    onChange={(e) => set(i, { duracao: e.target.value })}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    sx={{ width: 150 }}
                  />
                  <Autocomplete
                    multiple
                    freeSolo
                    size="small"
                    options={[...new Set([...chavesChecklist, ...CHAVES])]}
                    value={l.documentos}
                    onChange={(_, v) => set(i, { documentos: v.map((s) => s.trim()).filter(Boolean) })}
                    renderInput={(p) => <TextField {...p} label="Documentos (checklist)" />}
                    sx={{ flex: '3 1 280px' }}
                  />
                  <Box sx={{ display: 'flex' }}>
                    <IconButton aria-label={`Subir a etapa ${i + 1}`} disabled={i === 0} onClick={() => setLinhas((ls) => moverLinha(ls, i, -1))}>
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={`Descer a etapa ${i + 1}`}
                      disabled={i === linhas.length - 1}
                      onClick={() => setLinhas((ls) => moverLinha(ls, i, 1))}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton aria-label={`Remover a etapa ${i + 1}`} onClick={() => setLinhas((ls) => ls.filter((_, j) => j !== i))}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Box>
                </Box>
              ))}
            </Box>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {modelo && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button startIcon={<AddIcon />} disabled={linhas.length >= MODELO_MAX_ETAPAS} onClick={() => setLinhas((ls) => [...ls, linhaVazia()])}>
                Adicionar etapa
              </Button>
              <Button variant="contained" disabled={busy} onClick={() => void save()}>
                {busy ? 'Salvando...' : 'Salvar modelo'}
              </Button>
              <Button disabled={busy} onClick={() => setLinhas(paraLinhas(modelo.etapas))}>
                Descartar alterações
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
      {modelo && (
        <Card sx={{ mt: 2 }} component="section" aria-label="Checklist de documentos">
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Typography component="h2" variant="h6">
              Checklist de documentos — {modelo.nome}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Os documentos que o cliente envia para este serviço. A chave liga o documento às etapas que o exigem.
            </Typography>
            <ChecklistModeloEditor key={servico} servico={servico} onKeys={setChavesChecklist} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

export default function ModelosTab() {
  return (
    <Restricted action="settings">
      <ModelosScreen />
    </Restricted>
  );
}
