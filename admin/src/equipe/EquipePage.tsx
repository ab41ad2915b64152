import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetList, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatDateBR } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { PanelTitle } from '../layout/PanelTitle';
import { Restricted, useCan } from '../layout/Restricted';
import type { PanelDataProvider } from '../providers/dataProvider';
import type { AusenciaView, NovaAusencia, PessoaCargaView } from '../providers/equipeMethods';

const Chart = lazy(() => import('../charts/Chart'));

const PERIODOS = [
  { value: '7d', label: 'Últimos 7 dias' },
  { value: '30d', label: 'Últimos 30 dias' },
  { value: 'mes', label: 'Este mês' },
  { value: 'ano', label: 'Este ano' },
] as const;

export const AUSENCIA_TIPOS: readonly { value: AusenciaView['tipo']; label: string }[] = [
  { value: 'ferias', label: 'Férias' },
  { value: 'licenca', label: 'Licença' },
  { value: 'outro', label: 'Outro' },
];
const tipoLabel = (t: AusenciaView['tipo']) => AUSENCIA_TIPOS.find((x) => x.value === t)?.label ?? t;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Equipe (/painel/equipe, issue 13): the team's load, absences and bulk reassignment. */
export default function EquipePage() {
  return (
    <Restricted action="equipe">
      <EquipeScreen />
    </Restricted>
  );
}

function EquipeScreen() {
  const dataProvider = useDataProvider<PanelDataProvider>();
  const [search, setSearch] = useSearchParams();
  const periodo = PERIODOS.some((p) => p.value === search.get('periodo')) ? search.get('periodo')! : '30d';
  const equipe = useQuery({ queryKey: ['equipe', periodo], queryFn: () => dataProvider.equipe(periodo) });
  const [ausenciasDe, setAusenciasDe] = useState<PessoaCargaView | null>(null);
  const pessoas = equipe.data?.pessoas ?? [];

  return (
    <Box sx={{ mt: 2 }}>
      <PanelTitle title="Equipe" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Equipe
        </Typography>
        <TextField
          select
          size="small"
          label="Período"
          value={periodo}
          onChange={(e) => setSearch((s) => {
            const next = new URLSearchParams(s);
            next.set('periodo', e.target.value);
            return next;
          })}
          sx={{ minWidth: 200 }}
        >
          {PERIODOS.map((p) => (
            <MenuItem key={p.value} value={p.value}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {equipe.error ? <Alert severity="error">{errorMessage(equipe.error, 'Erro ao carregar a equipe.')}</Alert> : null}
      <Card>
        <CardContent sx={{ overflowX: 'auto' }}>
          {equipe.isLoading ? (
            <Skeleton variant="rectangular" height={200} />
          ) : (
            <Table size="small" aria-label="Carga de trabalho da equipe" data-testid="equipe-tabela">
              <TableHead>
                <TableRow>
                  <TableCell>Pessoa</TableCell>
                  <TableCell>Permissões</TableCell>
                  <TableCell align="right">Abertos</TableCell>
                  <TableCell align="right">Vencidos</TableCell>
                  <TableCell align="right">Vencem em 5 dias úteis</TableCell>
                  <TableCell align="right">Etapas com o escritório</TableCell>
                  <TableCell align="right">Exigências abertas</TableCell>
                  <TableCell align="right">Concluídos no período</TableCell>
                  <TableCell align="right">Tempo mediano (dias úteis)</TableCell>
                  <TableCell>Ausência</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {pessoas.map((p) => (
                  <TableRow key={p.id} data-pessoa={p.id}>
                    <TableCell>{p.nomeCompleto}</TableCell>
                    <TableCell>{p.permissions.join(', ')}</TableCell>
                    <TableCell align="right" data-col="abertos">{p.abertos}</TableCell>
                    <TableCell align="right" data-col="vencidos">{p.vencidos}</TableCell>
                    <TableCell align="right" data-col="venceEm5DiasUteis">{p.venceEm5DiasUteis}</TableCell>
                    <TableCell align="right" data-col="etapasAguardando">{p.etapasAguardando}</TableCell>
                    <TableCell align="right" data-col="exigenciasAbertas">{p.exigenciasAbertas}</TableCell>
                    <TableCell align="right" data-col="concluidosNoPeriodo">{p.concluidosNoPeriodo}</TableCell>
                    <TableCell align="right" data-col="leadTimeMedianoDiasUteis">
                      {p.leadTimeMedianoDiasUteis === null ? '—' : String(p.leadTimeMedianoDiasUteis).replace('.', ',')}
                    </TableCell>
                    <TableCell>
                      {p.ausencia ? <Chip size="small" color="warning" label={`${tipoLabel(p.ausencia.tipo)} até ${formatDateBR(p.ausencia.ate)}`} /> : null}
                    </TableCell>
                    <TableCell>
                      <Button size="small" onClick={() => setAusenciasDe(p)} aria-label={`Ausências de ${p.nomeCompleto}`}>
                        Ausências
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      {pessoas.length > 0 && (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Carga por pessoa
            </Typography>
            <Suspense fallback={<Skeleton variant="rectangular" height={260} />}>
              <Chart
                tipo="barras"
                titulo="Carga por pessoa"
                categoriaTitulo="Pessoa"
                categorias={pessoas.map((p) => p.nomeCompleto)}
                series={[
                  { label: 'Abertos', data: pessoas.map((p) => p.abertos) },
                  { label: 'Vencidos', data: pessoas.map((p) => p.vencidos) },
                  { label: 'Vencem em 5 dias úteis', data: pessoas.map((p) => p.venceEm5DiasUteis) },
                ]}
              />
            </Suspense>
          </CardContent>
        </Card>
      )}
      <Reatribuir pessoas={pessoas} />
      {ausenciasDe && <AusenciasDialog pessoa={ausenciasDe} onClose={() => setAusenciasDe(null)} />}
    </Box>
  );
}

/** Absences of one person: the list, add one, delete one. */
function AusenciasDialog({ pessoa, onClose }: { pessoa: PessoaCargaView; onClose: () => void }) {
  const dataProvider = useDataProvider<PanelDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const canEdit = useCan('equipe');
  const lista = useQuery({ queryKey: ['equipe', 'ausencias', pessoa.id], queryFn: () => dataProvider.ausencias(pessoa.id) });
  const [form, setForm] = useState<NovaAusencia>({ tipo: 'ferias', de: '', ate: '', nota: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['equipe'] });

  async function add() {
    setBusy(true);
    setError(null);
    try {
      await dataProvider.criarAusencia(pessoa.id, { ...form, nota: form.nota ? form.nota : null });
      notify('Ausência registrada.', { type: 'success' });
      setForm({ tipo: 'ferias', de: '', ate: '', nota: '' });
      await refresh();
    } catch (err) {
      setError(errorMessage(err, 'Erro ao registrar a ausência.'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(a: AusenciaView) {
    setBusy(true);
    setError(null);
    try {
      await dataProvider.excluirAusencia(pessoa.id, a.id);
      notify('Ausência excluída.', { type: 'success' });
      await refresh();
    } catch (err) {
      setError(errorMessage(err, 'Erro ao excluir a ausência.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="ausencias-title" fullWidth maxWidth="sm">
      <DialogTitle id="ausencias-title">Ausências de {pessoa.nomeCompleto}</DialogTitle>
      <DialogContent>
        {lista.isLoading ? (
          <Skeleton height={60} />
        ) : (lista.data ?? []).length === 0 ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Nenhuma ausência registrada.
          </Typography>
        ) : (
          <List dense aria-label="Ausências">
            {(lista.data ?? []).map((a) => (
              <ListItem
                key={a.id}
                secondaryAction={
                  canEdit ? (
                    <IconButton edge="end" aria-label={`Excluir ausência de ${formatDateBR(a.de)}`} disabled={busy} onClick={() => remove(a)}>
                      <DeleteIcon />
                    </IconButton>
                  ) : null
                }
              >
                <ListItemText primary={`${tipoLabel(a.tipo)}: ${formatDateBR(a.de)} a ${formatDateBR(a.ate)}`} secondary={a.nota ?? undefined} />
              </ListItem>
            ))}
          </List>
        )}
        {canEdit && (
          <Stack spacing={2} sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h3">
              Nova ausência
            </Typography>
            <TextField select size="small" label="Tipo" value={form.tipo} onChange={(e) => setForm({ ...form, tipo: e.target.value as AusenciaView['tipo'] })}>
              {AUSENCIA_TIPOS.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.label}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={2}>
              <TextField size="small" type="date" label="De" value={form.de} onChange={(e) => setForm({ ...form, de: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
              <TextField size="small" type="date" label="Até" value={form.ate} onChange={(e) => setForm({ ...form, ate: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
            </Stack>
            <TextField size="small" label="Nota (opcional)" value={form.nota ?? ''} onChange={(e) => setForm({ ...form, nota: e.target.value })} />
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Fechar
        </Button>
        {canEdit && (
          <Button variant="contained" onClick={add} disabled={busy || !form.de || !form.ate}>
            Adicionar ausência
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

interface RegistroOpcao {
  id: string;
  numero: string;
  tipo: string;
}

/** Bulk reassignment (the board): every open registro of "de", or the chosen ones, to "para". */
function Reatribuir({ pessoas }: { pessoas: PessoaCargaView[] }) {
  const dataProvider = useDataProvider<PanelDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const board = useCan('registros.assign');
  const [de, setDe] = useState('');
  const [para, setPara] = useState('');
  const [ids, setIds] = useState<RegistroOpcao[]>([]);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const registros = useGetList<RegistroOpcao>(
    'registros',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'numero', order: 'ASC' }, filter: { responsavelId: de, aberto: 'true' } },
    { enabled: board && !!de },
  );
  if (!board) return null;
  const nome = (id: string) => pessoas.find((p) => p.id === id)?.nomeCompleto ?? '';
  const deOpcoes = pessoas.filter((p) => p.abertos > 0 || p.id === de);
  const paraOpcoes = pessoas.filter((p) => p.id !== de && !p.ausencia);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      const { movidos } = await dataProvider.reatribuir(de, para, ids.map((r) => r.id));
      notify(`${plural(movidos, 'registro reatribuído', 'registros reatribuídos')} de ${nome(de)} para ${nome(para)}.`, { type: 'success' });
      setConfirm(false);
      setIds([]);
      setDe('');
      setPara('');
      await queryClient.invalidateQueries();
    } catch (err) {
      setError(errorMessage(err, 'Erro ao reatribuir os registros.'));
      setConfirm(false);
    } finally {
      setBusy(false);
    }
  }

  const quantos = ids.length ? plural(ids.length, 'registro selecionado', 'registros selecionados') : 'todos os registros abertos';
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Reatribuir registros
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Passa os registros abertos de uma pessoa para outra; cada registro guarda a mudança no histórico. Quem está ausente hoje não aparece em “Para”.
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField select size="small" label="De" value={de} onChange={(e) => { setDe(e.target.value); setIds([]); if (para === e.target.value) setPara(''); }} sx={{ minWidth: 220 }}>
            {deOpcoes.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.nomeCompleto} ({p.abertos})
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Para" value={para} onChange={(e) => setPara(e.target.value)} sx={{ minWidth: 220 }} disabled={!de}>
            {paraOpcoes.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.nomeCompleto}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            size="small"
            sx={{ minWidth: 280, flexGrow: 1 }}
            disabled={!de}
            options={registros.data ?? []}
            value={ids}
            onChange={(_, v) => setIds(v)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(r) => `${r.numero} — ${r.tipo}`}
            noOptionsText="Nenhum registro aberto"
            renderInput={(params) => <TextField {...params} label="Registros (opcional: todos os abertos)" />}
          />
          <Button variant="contained" disabled={!de || !para || busy} onClick={() => setConfirm(true)}>
            Reatribuir
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </CardContent>
      <Dialog open={confirm} onClose={busy ? undefined : () => setConfirm(false)} aria-labelledby="reatribuir-title">
        <DialogTitle id="reatribuir-title">Confirmar reatribuição</DialogTitle>
        <DialogContent>
          <Typography>
            Passar {quantos} de <strong>{nome(de)}</strong> para <strong>{nome(para)}</strong>?
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)} disabled={busy}>
            Cancelar
          </Button>
          <Button variant="contained" onClick={run} disabled={busy}>
            {busy ? 'Reatribuindo...' : 'Confirmar'}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
