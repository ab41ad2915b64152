import { lazy, Suspense, useState } from 'react';
import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { type DashboardResponse, plural, REGISTRO_STATUS_LABELS, REGISTRO_STATUSES, type UserType } from '@veritas/common';
import { userTypeLabel } from '../providers/authProvider';
import { useUserType } from '../layout/useUserType';
import { useCan } from '../layout/Restricted';
import { useBasename, useDataProvider, useGetIdentity } from 'react-admin';
import { errorMessage, UNEXPECTED_FAILURE } from '@veritas/web';
import { PanelTitle } from '../layout/PanelTitle';
import { NativeSelectField } from '../layout/NativeSelectField';
import { Notice } from '../layout/Notice';
import type { PanelDataProvider } from '../providers/dataProvider';
import { FinancasFigures } from '../financas/FinancasFigures';

// The chart is its own chunk: the first screen paints its figures before loading it.
const SerieChart = lazy(() => import('./SerieChart'));

type Periodo = DashboardResponse['periodo']['codigo'];

/** The period selector of §2.10; the server names the period back (periodo.rotulo). */
const PERIODOS: readonly { value: Periodo; label: string }[] = [
  { value: '7d', label: 'Últimos 7 dias' },
  { value: '30d', label: 'Últimos 30 dias' },
  { value: 'mes', label: 'Este mês' },
  { value: 'ano', label: 'Este ano' },
];

const TITLES: Record<UserType, string> = {
  master: 'Dashboard Master',
  diretoria: 'Dashboard da Diretoria',
  associado: 'Dashboard do Associado',
};

/** A list of the panel with its filter in the address (react-admin's `filter` parameter), as a dashboard card opens it (issue 52). */
export function listaFiltrada(path: string, filter?: Record<string, unknown>): string {
  return filter ? `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}` : path;
}

function Figure(props: { label: string; value: number | undefined; hint?: string; tone?: 'warning' | 'error'; to?: string }) {
  const { label, value, hint, tone, to } = props;
  const basename = useBasename();
  const content = (
    <CardContent>
      <Typography component="h3" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" data-figure={label} sx={{ fontWeight: 600, color: tone && value ? `${tone}.main` : 'text.primary' }}>
        {value ?? '—'}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={Link} to={`${basename}${to}`} aria-label={`${label}: ver a lista`} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } } as const;

/** Registros by status as proportional bars: the breakdown a board member reads first. */
function StatusBreakdown({ data }: { data: DashboardResponse }) {
  const { porStatus, total } = data.registros;
  return (
    <Card variant="outlined" component="section" aria-labelledby="por-status">
      <CardContent>
        <Typography id="por-status" component="h2" variant="h6" gutterBottom>
          {data.escopo === 'firma' ? 'Registros por status' : 'Meus registros por status'}
        </Typography>
        {total === 0 ? (
          <Typography color="text.secondary">Nenhum registro até agora.</Typography>
        ) : (
          <Box component="dl" sx={{ m: 0 }}>
            {REGISTRO_STATUSES.map((s) => (
              <Box key={s} sx={{ display: 'grid', gridTemplateColumns: '120px 1fr 40px', alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography component="dt" variant="body2">
                  {REGISTRO_STATUS_LABELS[s]}
                </Typography>
                <Box aria-hidden sx={{ height: 10, bgcolor: 'action.hover', borderRadius: 1 }}>
                  <Box sx={{ height: 10, width: `${(100 * porStatus[s]) / total}%`, bgcolor: 'primary.main', borderRadius: 1 }} />
                </Box>
                <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                  {porStatus[s]}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function FirmFigures({ data, userType }: { data: DashboardResponse; userType: UserType }) {
  const { clientes, tiposCliente, registros, emails } = data;
  return (
    <Box sx={grid}>
      <Figure label="Clientes" to="/clientes" value={clientes.total} hint={`${plural(clientes.ativos, 'ativo', 'ativos')}, ${plural(clientes.inativos, 'inativo', 'inativos')}`} />
      <Figure label="Novos clientes" value={clientes.novos} hint={data.periodo.rotulo} />
      <Figure label="Registros em aberto" to={listaFiltrada('/registros', { aberto: true })} value={registros.abertos} hint={`${registros.total.toLocaleString('pt-BR')} no total`} />
      <Figure label="Registros concluídos" to={listaFiltrada('/registros', { status: 'concluido' })} value={registros.concluidos} hint={data.periodo.rotulo} />
      <Figure label="Novos registros" value={registros.novos} hint={data.periodo.rotulo} />
      <Figure label="Prazos vencidos" to={listaFiltrada('/registros', { vencido: true })} value={registros.vencidos} tone="error" />
      {userType === 'master' && (
        <>
          <Figure label="Sem responsável" to={listaFiltrada('/registros', { responsavelId: 'nenhum', aberto: true })} value={registros.semResponsavel} tone="warning" hint="Registros em aberto" />
          <Figure label="Tipos de cliente" to="/tipos-cliente" value={tiposCliente.total} hint={plural(tiposCliente.ativos, 'ativo', 'ativos')} />
        </>
      )}
      <Figure label="E-mails não lidos" to="/email" value={emails.naoLidos} hint="Sua caixa de entrada" />
    </Box>
  );
}

function AssociadoFigures({ data }: { data: DashboardResponse }) {
  const { registros, clientes, emails } = data;
  // A master simulating this view still gets the firm's figures from the server: say so.
  const mine = data.escopo === 'proprio';
  return (
    <Box sx={grid}>
      <Figure label={mine ? 'Meus registros em aberto' : 'Registros em aberto'} to={listaFiltrada('/meu-registros', { responsavelId: 'me', aberto: true })} value={registros.abertos} />
      <Figure label="Prazos vencidos" to="/prazos" value={registros.vencidos} tone="error" />
      <Figure label="Concluídos no período" value={registros.concluidos} hint={data.periodo.rotulo} />
      <Figure label="Sem responsável" to={listaFiltrada('/meu-registros', { responsavelId: 'nenhum', aberto: true })} value={registros.semResponsavel} tone="warning" hint="Da firma: disponíveis para assumir" />
      <Figure label="Clientes ativos" to={listaFiltrada('/clientes', { status: 'ativo' })} value={clientes.ativos} />
      <Figure label="E-mails não lidos" to="/email" value={emails.naoLidos} hint="Sua caixa de entrada" />
    </Box>
  );
}

/**
 * Issue 52: staff who read the firm's work without working it (Financeiro, Suporte) get no
 * associado's work cards: the mailbox, the site's contact messages waiting (for who may read them),
 * the open registros and the clients (Finanças' figures come below for who may read them).
 */
function LeitorFigures({ data }: { data: DashboardResponse }) {
  const { registros, clientes, emails, mensagens } = data;
  return (
    <Box sx={grid}>
      <Figure label="E-mails não lidos" to="/email" value={emails.naoLidos} hint="Sua caixa de entrada" />
      {mensagens && (
        <>
          <Figure label="Mensagens não lidas" to={listaFiltrada('/mensagens', { status: 'nao-lidas' })} value={mensagens.naoLidas} tone="warning" hint="Fale Conosco do site" />
          <Figure label="Mensagens pendentes" to={listaFiltrada('/mensagens', { status: 'pendentes' })} value={mensagens.pendentes} hint="Ainda não tratadas" />
        </>
      )}
      <Figure label="Registros em aberto" to={listaFiltrada('/registros', { aberto: true })} value={registros.abertos} hint="Da firma" />
      <Figure label="Clientes ativos" to={listaFiltrada('/clientes', { status: 'ativo' })} value={clientes.ativos} />
    </Box>
  );
}

/**
 * The dashboards of §2.10 for master, diretoria and associado, on the figures of
 * GET /api/dashboard?periodo=… (each counted by the server in SQL).
 */
export function Dashboard() {
  const { identity, isPending: identityPending } = useGetIdentity();
  const { userType, realType } = useUserType();
  const dataProvider = useDataProvider<PanelDataProvider>();
  const [periodo, setPeriodo] = useState<Periodo>('30d');
  const query = useQuery({
    queryKey: ['dashboard', periodo],
    queryFn: () => dataProvider.dashboard(periodo).then((r) => r.data),
    enabled: !!userType,
  });
  const data = query.data;
  const view = userType ?? 'associado';
  const works = useCan('registros.work');
  const financas = useCan('financas.read');
  const leitor = view === 'associado' && !works;
  const titulo = leitor ? (financas ? 'Dashboard do Financeiro' : 'Dashboard do Suporte') : TITLES[view];
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <PanelTitle title="Dashboard" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <Box>
          <Typography variant="h5" component="h1" gutterBottom>
            {identityPending ? 'Carregando...' : `Olá, ${identity?.fullName ?? ''}`}
          </Typography>
          {userType && (
            <Typography variant="body1" color="text.secondary">
              Tipo de usuário: <strong>{userTypeLabel(realType)}</strong>
              {realType !== userType && <> (visualizando como {userTypeLabel(userType)})</>}
            </Typography>
          )}
          {userType && (
            <Typography component="p" variant="subtitle1" sx={{ mt: 1, fontWeight: 600 }}>
              {titulo}
            </Typography>
          )}
        </Box>
        <NativeSelectField label="Período" value={periodo} options={PERIODOS} onChange={setPeriodo} sx={{ width: 220, color: 'text.primary' }} />
      </Box>

      {query.isError && <Notice severity="error">Erro ao carregar o dashboard: {errorMessage(query.error, UNEXPECTED_FAILURE)}</Notice>}
      {!data && query.isPending && userType && (
        <Box sx={grid} aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={110} />
          ))}
        </Box>
      )}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, opacity: query.isFetching ? 0.6 : 1 }} aria-busy={query.isFetching}>
          {leitor ? <LeitorFigures data={data} /> : view === 'associado' ? <AssociadoFigures data={data} /> : <FirmFigures data={data} userType={view} />}
          <FinancasFigures periodo={periodo} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
            <Card variant="outlined" component="section" aria-labelledby="serie-title" sx={{ minWidth: 0 }}>
              <CardContent>
                <Typography id="serie-title" component="h2" variant="h6" gutterBottom>
                  {view === 'associado' ? 'Novos registros e clientes' : 'Novos clientes e registros'} — {data.periodo.rotulo}
                </Typography>
                <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
                  <SerieChart serie={data.serie} porMes={data.periodo.codigo === 'ano'} />
                </Suspense>
              </CardContent>
            </Card>
            <StatusBreakdown data={data} />
          </Box>
        </Box>
      )}
    </Box>
  );
}
