import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, GlobalStyles, MenuItem, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import PrintIcon from '@mui/icons-material/Print';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { SERVICOS_CATALOGO, type RelatorioDef } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { PanelTitle } from '../layout/PanelTitle';
import type { PanelDataProvider } from '../providers/dataProvider';
import { defaultPeriodo, formatCell, reportParams } from './relatorioView';

// The chart library is its own chunk: the table paints first.
const Chart = lazy(() => import('../charts/Chart'));

/**
 * Relatórios (issue 13): one report at a time, its period and filters in the URL (a link opens the
 * same figures), the chart and the table of the same numbers, CSV and XLSX from the server, and a
 * print layout without the panel's chrome.
 */
export default function RelatoriosPage() {
  const dataProvider = useDataProvider<PanelDataProvider>();
  const notify = useNotify();
  const [search, setSearch] = useSearchParams();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);

  const catalogo = useQuery({ queryKey: ['relatorios'], queryFn: () => dataProvider.relatorios() });
  const defs = catalogo.data ?? [];
  const def: RelatorioDef | undefined = defs.find((d) => d.nome === search.get('nome')) ?? defs[0];
  const periodo = defaultPeriodo();
  const params = useMemo(() => (def ? reportParams(def, search, periodo) : {}), [def, search, periodo.de, periodo.ate]);

  const relatorio = useQuery({
    queryKey: ['relatorio', def?.nome, params],
    queryFn: () => dataProvider.relatorio(def!.nome, params),
    enabled: !!def,
  });
  const users = useGetList('users', { pagination: { page: 1, perPage: 200 }, sort: { field: 'nomeCompleto', order: 'ASC' } }, { enabled: !!def?.filtros.includes('responsavelId') });
  const tipos = useGetList('tipos-cliente', { pagination: { page: 1, perPage: 200 }, sort: { field: 'nome', order: 'ASC' } }, { enabled: !!def?.filtros.includes('tipoClienteId') });

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'nome') for (const f of ['servico', 'responsavelId', 'tipoClienteId']) next.delete(f);
    setSearch(next, { replace: true });
  };

  const download = async (formato: 'csv' | 'xlsx') => {
    if (!def) return;
    setBusy(formato);
    try {
      await dataProvider.relatorioArquivo(def.nome, params, formato);
    } catch (error) {
      notify(errorMessage(error, 'Não foi possível baixar o relatório.'), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const data = relatorio.data;
  const categoria = def?.colunas.find((c) => c.chave === def.grafico.categoria);

  return (
    <Box sx={{ mt: 2 }}>
      <PanelTitle title="Relatórios" />
      {/* Printed: the report alone, without the app bar, the menu and the controls. */}
      <GlobalStyles styles={{ '@media print': { 'header, .RaSidebar-fixed, .MuiDrawer-root, [data-no-print]': { display: 'none !important' }, '.RaLayout-content': { padding: 0 } } }} />
      <Typography variant="h5" component="h1" gutterBottom>
        Relatórios
      </Typography>
      {catalogo.isError && <Alert severity="error">{errorMessage(catalogo.error, 'Erro ao carregar os relatórios.')}</Alert>}
      {catalogo.isSuccess && !defs.length && <Alert severity="info">Não há relatórios disponíveis para o seu perfil.</Alert>}
      {def && (
        <Card>
          <CardContent>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} data-no-print>
              <TextField select label="Relatório" value={def.nome} onChange={(e) => set('nome', e.target.value)} size="small" sx={{ minWidth: 260 }}>
                {defs.map((d) => (
                  <MenuItem key={d.nome} value={d.nome}>
                    {d.titulo}
                  </MenuItem>
                ))}
              </TextField>
              <TextField label="De" type="date" size="small" value={params.de} onChange={(e) => set('de', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField label="Até" type="date" size="small" value={params.ate} onChange={(e) => set('ate', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
              {def.filtros.includes('servico') && (
                <TextField select label="Serviço" size="small" value={params.servico ?? ''} onChange={(e) => set('servico', e.target.value)} sx={{ minWidth: 220 }}>
                  <MenuItem value="">Todos os serviços</MenuItem>
                  {SERVICOS_CATALOGO.map((s) => (
                    <MenuItem key={s.codigo} value={s.codigo}>
                      {s.nome}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {def.filtros.includes('responsavelId') && (
                <TextField select label="Responsável" size="small" value={params.responsavelId ?? ''} onChange={(e) => set('responsavelId', e.target.value)} sx={{ minWidth: 220 }}>
                  <MenuItem value="">Todos</MenuItem>
                  <MenuItem value="nenhum">Sem responsável</MenuItem>
                  {(users.data ?? []).map((u) => (
                    <MenuItem key={u.id} value={String(u.id)}>
                      {u.nomeCompleto}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {def.filtros.includes('tipoClienteId') && (
                <TextField select label="Tipo de cliente" size="small" value={params.tipoClienteId ?? ''} onChange={(e) => set('tipoClienteId', e.target.value)} sx={{ minWidth: 220 }}>
                  <MenuItem value="">Todos os tipos</MenuItem>
                  {(tipos.data ?? []).map((t) => (
                    <MenuItem key={t.id} value={String(t.id)}>
                      {t.nome}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>

            <Typography variant="h6" component="h2">
              {def.titulo}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {def.descricao}
            </Typography>

            <Stack direction="row" spacing={1} sx={{ mb: 2 }} data-no-print>
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download('csv')} disabled={!!busy}>
                {busy === 'csv' ? 'Baixando...' : 'Baixar CSV'}
              </Button>
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download('xlsx')} disabled={!!busy}>
                {busy === 'xlsx' ? 'Baixando...' : 'Baixar XLSX'}
              </Button>
              <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
                Imprimir
              </Button>
            </Stack>

            {relatorio.isError && <Alert severity="error">{errorMessage(relatorio.error, 'Erro ao carregar o relatório.')}</Alert>}
            {relatorio.isPending && <Skeleton variant="rounded" height={260} />}
            {data && (
              <>
                {data.linhas.length > 0 && categoria && (
                  <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
                    <Chart
                      tipo={def.grafico.tipo}
                      titulo={`Dados do gráfico — ${def.titulo}`}
                      categoriaTitulo={categoria.titulo}
                      categorias={data.linhas.map((l) => String(l[categoria.chave] ?? ''))}
                      series={def.grafico.series.map((chave) => ({
                        label: def.colunas.find((c) => c.chave === chave)?.titulo ?? chave,
                        data: data.linhas.map((l) => (typeof l[chave] === 'number' ? (l[chave] as number) : null)),
                      }))}
                    />
                  </Suspense>
                )}
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-label={def.titulo}>
                    <TableHead>
                      <TableRow>
                        {data.colunas.map((c) => (
                          <TableCell key={c.chave} align={c.tipo === 'texto' ? 'left' : 'right'}>
                            {c.titulo}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.linhas.length === 0 && (
                        <TableRow>
                          <TableCell colSpan={data.colunas.length}>Não há dados neste período.</TableCell>
                        </TableRow>
                      )}
                      {data.linhas.map((l, i) => (
                        <TableRow key={i}>
                          {data.colunas.map((c) => (
                            <TableCell key={c.chave} align={c.tipo === 'texto' ? 'left' : 'right'}>
                              {formatCell(c, l[c.chave] ?? null)}
                            </TableCell>
                          ))}
                        </TableRow>
                      ))}
                      {data.totais && data.linhas.length > 0 && (
                        <TableRow sx={{ '& td': { fontWeight: 700 } }}>
                          {data.colunas.map((c) => (
                            <TableCell key={c.chave} align={c.tipo === 'texto' ? 'left' : 'right'}>
                              {formatCell(c, data.totais![c.chave] ?? null)}
                            </TableCell>
                          ))}
                        </TableRow>
                      )}
                    </TableBody>
                  </Table>
                </Box>
              </>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
