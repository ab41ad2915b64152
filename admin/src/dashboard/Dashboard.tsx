import { lazy, Suspense, useState } from 'react';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type DashboardResponse, plural, REGISTRO_STATUS_LABELS, REGISTRO_STATUSES, type UserType } from '@veritas/common';
import { userTypeLabel } from '../providers/authProvider';
import { useUserType } from '../layout/useUserType';
import { useDataProvider, useGetIdentity } from 'react-admin';
import { PanelTitle } from '../layout/PanelTitle';
import { NativeSelectField } from '../layout/NativeSelectField';
import { Notice } from '../layout/Notice';
import type { PanelDataProvider } from '../providers/dataProvider';
import { statusAndMessage } from '../providers/errors';
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

function Figure(props: { label: string; value: number | undefined; hint?: string; tone?: 'warning' | 'error' }) {
  const { label, value, hint, tone } = props;
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h3" variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography
          variant="h4"
          component="p"
          data-figure={label}
          sx={{ fontWeight: 600, color: tone && value ? `${tone}.main` : 'text.primary' }}
        >
          {value ?? '—'}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardContent>
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
      <Figure label="Clientes" value={clientes.total} hint={`${plural(clientes.ativos, 'ativo', 'ativos')}, ${plural(clientes.inativos, 'inativo', 'inativos')}`} />
      <Figure label="Novos clientes" value={clientes.novos} hint={data.periodo.rotulo} />
      <Figure label="Registros em aberto" value={registros.abertos} hint={`${registros.total.toLocaleString('pt-BR')} no total`} />
      <Figure label="Registros concluídos" value={registros.concluidos} hint={data.periodo.rotulo} />
      <Figure label="Novos registros" value={registros.novos} hint={data.periodo.rotulo} />
      <Figure label="Prazos vencidos" value={registros.vencidos} tone="error" />
      {userType === 'master' && (
        <>
          <Figure label="Sem responsável" value={registros.semResponsavel} tone="warning" hint="Registros em aberto" />
          <Figure label="Tipos de cliente" value={tiposCliente.total} hint={plural(tiposCliente.ativos, 'ativo', 'ativos')} />
        </>
      )}
      <Figure label="E-mails não lidos" value={emails.naoLidos} hint="Sua caixa de entrada" />
    </Box>
  );
}

function AssociadoFigures({ data }: { data: DashboardResponse }) {
  const { registros, clientes, emails } = data;
  // A master simulating this view still gets the firm's figures from the server: say so.
  const mine = data.escopo === 'proprio';
  return (
    <Box sx={grid}>
      <Figure label={mine ? 'Meus registros em aberto' : 'Registros em aberto'} value={registros.abertos} />
      <Figure label="Prazos vencidos" value={registros.vencidos} tone="error" />
      <Figure label="Concluídos no período" value={registros.concluidos} hint={data.periodo.rotulo} />
      <Figure label="Sem responsável" value={registros.semResponsavel} tone="warning" hint="Da firma: disponíveis para assumir" />
      <Figure label="Clientes ativos" value={clientes.ativos} />
      <Figure label="E-mails não lidos" value={emails.naoLidos} hint="Sua caixa de entrada" />
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
              {TITLES[view]}
            </Typography>
          )}
        </Box>
        <NativeSelectField label="Período" value={periodo} options={PERIODOS} onChange={setPeriodo} sx={{ width: 220, color: 'text.primary' }} />
      </Box>

      {query.isError && <Notice severity="error">Erro ao carregar o dashboard: {statusAndMessage(query.error)}</Notice>}
      {!data && query.isPending && userType && (
        <Box sx={grid} aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={110} />
          ))}
        </Box>
      )}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, opacity: query.isFetching ? 0.6 : 1 }} aria-busy={query.isFetching}>
          {view === 'associado' ? <AssociadoFigures data={data} /> : <FirmFigures data={data} userType={view} />}
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
