import { type DragEvent, type KeyboardEvent, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useBasename, useGetList, useNotify, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDateBR, JUNTAS, type RegistroResponse, type UserResponse } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useCan } from '../layout/Restricted';
import { useRegistrosApi } from '../providers/registrosMethods';
import { prazoInfo } from '../registros/prazo';
import { SERVICO_PADRAO } from './servico';
import { buildColunas, type Coluna, COLUNA_OUTRAS, colunaDe, diasNaEtapa, diasTexto, planMove } from './pipeline';

const SEM_RESPONSAVEL = 'nenhum';
const LIMITE = 200;

type Card = RegistroResponse & { id: string };

const TONE_COLOR: Record<string, string> = {
  vencido: 'error.main',
  proximo: 'warning.main',
  normal: 'success.main',
  pausado: 'grey.500',
  encerrado: 'grey.500',
};

/**
 * /painel/processos: the open registros of one service in columns by their current stage (the
 * service's template), moved by drag and drop or by keyboard (← / → on a focused card, or its
 * buttons). Each move is one or more stage moves on the server, which checks them again.
 */
export default function ProcessosPage() {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`processos.${key}`, opts);
  const basename = useBasename();
  const api = useRegistrosApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const board = useCan('users.list');
  const [params, setParams] = useSearchParams();
  const servico = params.get('servico') || SERVICO_PADRAO;
  const junta = params.get('junta') ?? '';
  const responsavel = params.get('responsavel') ?? '';
  const atrasados = params.get('atrasados') === '1';
  const [anuncio, setAnuncio] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState<string | null>(null);

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const modelos = useQuery({ queryKey: ['processos-modelos'], queryFn: () => api.getModelos(), staleTime: 60_000 });
  const modelo = modelos.data?.find((m) => m.servico === servico);
  const etapas = useMemo(() => modelo?.etapas.map((e) => e.nome) ?? [], [modelo]);
  const users = useGetList<UserResponse & { id: string }>(
    'users',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'nomeCompleto', order: 'ASC' } },
    { enabled: board },
  );

  const filter: Record<string, unknown> = { servico, aberto: true };
  if (junta) filter.junta = junta;
  if (responsavel) filter.responsavelId = responsavel;
  if (atrasados) filter.vencido = true;
  const list = useGetList<Card>('registros', { filter, pagination: { page: 1, perPage: LIMITE }, sort: { field: 'createdAt', order: 'ASC' } });
  const colunas = useMemo(() => buildColunas(etapas, list.data ?? []), [etapas, list.data]);

  async function mover(r: Card, destino: string) {
    const alvo = colunas.find((c) => c.key === destino);
    if (!alvo || busyId) return;
    setBusyId(r._id);
    try {
      const detalhe = await api.getRegistroDetalhe(r._id);
      const plano = planMove(detalhe.etapas ?? [], destino, detalhe.checklist ?? []);
      if (!plano.ok) {
        setAnuncio(plano.motivo);
        notify(plano.motivo, { type: 'warning' });
        return;
      }
      for (const passo of plano.passos) await api.moveEtapa(r._id, passo.etapaId, { status: passo.status });
      const texto = t('movido', { numero: r.numero, coluna: alvo.titulo });
      setAnuncio(texto);
      notify(texto, { type: 'success' });
    } catch (err) {
      const texto = errorMessage(err, t('erroMover'));
      setAnuncio(texto);
      notify(texto, { type: 'error' });
    } finally {
      setBusyId(null);
      await list.refetch();
      queryClient.invalidateQueries({ queryKey: ['registro', r._id] });
      // Focus stays on the moved card, wherever it is now.
      requestAnimationFrame(() => document.getElementById(`card-${r._id}`)?.focus());
    }
  }

  const vizinha = (r: Card, delta: number) => {
    const i = colunas.findIndex((c) => c.key === colunaDe(etapas, r));
    const alvo = colunas[i + delta];
    return alvo && alvo.key !== COLUNA_OUTRAS ? alvo : null;
  };

  function onKey(e: KeyboardEvent, r: Card) {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      const alvo = vizinha(r, e.key === 'ArrowRight' ? 1 : -1);
      if (alvo) void mover(r, alvo.key);
    }
  }

  function onDrop(e: DragEvent, coluna: Coluna<Card>) {
    e.preventDefault();
    setDragOver(null);
    const id = e.dataTransfer.getData('text/plain');
    const r = list.data?.find((x) => x._id === id);
    if (r && coluna.key !== COLUNA_OUTRAS && colunaDe(etapas, r) !== coluna.key) void mover(r, coluna.key);
  }

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={t('titulo')} />
      <Typography component="h1" variant="h5">
        {t('titulo')}
      </Typography>
      <Box component="form" role="search" aria-label={t('filtros')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <FormControl size="small" sx={{ width: 280, maxWidth: 1 }}>
          <InputLabel id="proc-servico">{t('servico')}</InputLabel>
          <Select labelId="proc-servico" label={t('servico')} value={modelos.data ? servico : ''} onChange={(e) => setParam('servico', String(e.target.value))}>
            {(modelos.data ?? []).map((m) => (
              <MenuItem key={m.servico} value={m.servico}>
                {m.nome}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ width: 220, maxWidth: 1 }}>
          <InputLabel id="proc-junta" shrink>{t('junta')}</InputLabel>
          <Select labelId="proc-junta" label={t('junta')} value={junta} displayEmpty onChange={(e) => setParam('junta', String(e.target.value))}>
            <MenuItem value="">{t('todas')}</MenuItem>
            {JUNTAS.map((j) => (
              <MenuItem key={j.uf} value={j.uf}>
                {j.sigla} ({j.uf})
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ width: 220, maxWidth: 1 }}>
          <InputLabel id="proc-resp" shrink>{t('responsavel')}</InputLabel>
          <Select
            labelId="proc-resp"
            label={t('responsavel')}
            value={responsavel}
            displayEmpty
            onChange={(e) => setParam('responsavel', String(e.target.value))}
          >
            <MenuItem value="">{t('todos')}</MenuItem>
            <MenuItem value="me">{t('meus')}</MenuItem>
            <MenuItem value={SEM_RESPONSAVEL}>{t('semResponsavel')}</MenuItem>
            {(users.data ?? []).map((u) => (
              <MenuItem key={u._id} value={u._id}>
                {u.nomeCompleto}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControlLabel
          control={<Checkbox checked={atrasados} onChange={(e) => setParam('atrasados', e.target.checked ? '1' : '')} />}
          label={t('atrasados')}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('ajuda')}
      </Typography>
      <Box
        role="status"
        aria-live="polite"
        sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
      >
        {anuncio}
      </Box>
      {(list.error || modelos.error) && <Alert severity="error">{errorMessage(list.error ?? modelos.error, t('erroCarregar'))}</Alert>}
      {(list.total ?? 0) > LIMITE && <Alert severity="info">{t('limite', { limite: LIMITE, total: list.total })}</Alert>}
      {list.isPending || modelos.isPending ? (
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} /> {t('carregando')}
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', pb: 1, alignItems: 'stretch' }}>
          {colunas.map((c) => (
            <Box
              key={c.key}
              component="section"
              aria-label={`${c.titulo}: ${c.registros.length}`}
              data-coluna={c.titulo}
              onDragOver={(e) => {
                // "Outras etapas" gathers stages the template lost: nothing can be moved into it.
                if (c.key === COLUNA_OUTRAS) return;
                e.preventDefault();
                setDragOver(c.key);
              }}
              onDragLeave={() => setDragOver((k) => (k === c.key ? null : k))}
              onDrop={(e) => onDrop(e, c)}
              sx={{
                flex: '0 0 260px',
                bgcolor: dragOver === c.key ? 'action.selected' : 'action.hover',
                borderRadius: 1,
                p: 1,
                display: 'flex',
                flexDirection: 'column',
                gap: 1,
                minHeight: 200,
              }}
            >
              <Typography component="h2" variant="subtitle2" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span>{c.titulo}</span>
                <Box component="span" aria-label={t('contagem', { smart_count: c.registros.length })} sx={{ color: 'text.secondary' }}>
                  {c.registros.length}
                </Box>
              </Typography>
              {c.registros.map((r) => {
                const info = prazoInfo(r);
                const dias = diasNaEtapa(r.etapaDesde);
                const antes = vizinha(r, -1);
                const depois = vizinha(r, 1);
                return (
                  <Card
                    key={r._id}
                    id={`card-${r._id}`}
                    data-testid="processo-card"
                    tabIndex={0}
                    draggable={!busyId}
                    aria-label={`${r.numero} ${r.clienteNome ?? ''}`}
                    aria-busy={busyId === r._id}
                    onDragStart={(e) => {
                      e.dataTransfer.setData('text/plain', r._id);
                      e.dataTransfer.effectAllowed = 'move';
                    }}
                    onKeyDown={(e) => onKey(e, r)}
                    sx={{ borderLeft: 4, borderColor: TONE_COLOR[info.tone], cursor: 'grab', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
                  >
                    <CardContent sx={{ p: 1.25, '&:last-child': { pb: 1.25 } }}>
                      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {r.clienteNome ?? '—'}
                      </Typography>
                      <Typography variant="caption" component={Link} to={`${basename}/registros/${r._id}`} sx={{ display: 'block' }}>
                        {r.numero}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {dias !== null ? diasTexto(dias) : ''}
                      </Typography>
                      <Typography variant="caption" sx={{ display: 'block', color: TONE_COLOR[info.tone] }}>
                        {t('prazo')}: {info.label}
                        {info.detail ? ` · ${info.detail}` : ''}
                      </Typography>
                      {r.emExigencia && (
                        <Typography variant="caption" sx={{ display: 'block', color: 'warning.dark', fontWeight: 600 }}>
                          {t('emExigencia', { prazo: r.exigenciaPrazo ? formatDateBR(r.exigenciaPrazo) : '—' })}
                        </Typography>
                      )}
                      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
                        <Tooltip title={antes ? t('voltarPara', { coluna: antes.titulo }) : ''}>
                          <span>
                            <IconButton
                              size="small"
                              disabled={!antes || !!busyId}
                              aria-label={t('voltar', { numero: r.numero })}
                              onClick={() => antes && void mover(r, antes.key)}
                            >
                              <ArrowBackIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                        {busyId === r._id && <CircularProgress size={18} aria-label={t('movendo')} />}
                        <Tooltip title={depois ? t('avancarPara', { coluna: depois.titulo }) : ''}>
                          <span>
                            <IconButton
                              size="small"
                              disabled={!depois || !!busyId}
                              aria-label={t('avancar', { numero: r.numero })}
                              onClick={() => depois && void mover(r, depois.key)}
                            >
                              <ArrowForwardIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </Box>
                    </CardContent>
                  </Card>
                );
              })}
            </Box>
          ))}
        </Box>
      )}
      {!list.isPending && !etapas.length && modelos.data && <Alert severity="info">{t('semModelo')}</Alert>}
      <Box>
        <Button component={Link} to={`${basename}/registros`} size="small">
          {t('verLista')}
        </Button>
      </Box>
    </Box>
  );
}
