import { lazy, Suspense } from 'react';
import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '@veritas/web';
import { FilterBar, plainLabel } from '../layout/FilterBar';
import { PanelTitle } from '../layout/PanelTitle';
import { Restricted } from '../layout/Restricted';
import type { PanelDataProvider } from '../providers/dataProvider';
import { AusenciasDialog } from './AusenciasDialog';
import { CargaTable } from './CargaTable';
import { PERIODOS, periodoDe } from './equipeForm';
import { ReatribuirForm } from './ReatribuirForm';

const Chart = lazy(() => import('../charts/Chart'));

/** Equipe (/painel/equipe, issue 13): the team's load, absences and bulk reassignment. */
export default function EquipePage() {
  return (
    <Restricted action="equipe">
      <EquipeScreen />
    </Restricted>
  );
}

/**
 * The period, the sort and whose absences are open live in the address (?periodo=&sort=&order=&ausencias=),
 * so the screen can be linked, survives a reload and Back closes the dialog.
 */
function EquipeScreen() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PanelDataProvider>();
  const [search, setSearch] = useSearchParams();
  const periodo = periodoDe(search.get('periodo'));
  const equipe = useQuery({ queryKey: ['equipe', periodo], queryFn: () => dataProvider.equipe(periodo) });
  const pessoas = equipe.data?.pessoas ?? [];
  const ausenciasDe = pessoas.find((p) => p.id === search.get('ausencias')) ?? null;
  const setParam = (key: string, value: string | null, replace = true) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace },
    );

  return (
    <Box sx={{ mt: 2, mb: 4, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PanelTitle title={translate('equipe.titulo')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('equipe.titulo')}
        </Typography>
        <FilterBar values={{ periodo }} onChange={(_, v) => setParam('periodo', String(v), false)}>
          <SelectInput
            source="periodo"
            label={plainLabel(translate('equipe.periodo'))}
            choices={PERIODOS.map((p) => ({ id: p, name: translate(`equipe.periodos.${p}`) }))}
            translateChoice={false}
            isRequired
            helperText={false}
            margin="none"
            size="small"
            sx={{ minWidth: 200 }}
          />
        </FilterBar>
      </Box>
      {equipe.error ? <Alert severity="error">{errorMessage(equipe.error, translate('equipe.erroCarregar'))}</Alert> : null}
      <Card sx={{ minWidth: 0 }}>
        <CardContent>
          <CargaTable pessoas={pessoas} isPending={equipe.isPending} onAusencias={(p) => setParam('ausencias', p.id, false)} />
        </CardContent>
      </Card>
      {pessoas.length > 0 && (
        <Card sx={{ mt: 2, minWidth: 0 }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('equipe.carga')}
            </Typography>
            <Suspense fallback={<Skeleton variant="rectangular" height={260} />}>
              <Chart
                tipo="barras"
                titulo={translate('equipe.carga')}
                categoriaTitulo={translate('resources.equipe.fields.nomeCompleto')}
                categorias={pessoas.map((p) => p.nomeCompleto)}
                series={(['abertos', 'vencidos', 'venceEm5DiasUteis'] as const).map((f) => ({
                  label: translate(`resources.equipe.fields.${f}`),
                  data: pessoas.map((p) => p[f]),
                }))}
              />
            </Suspense>
          </CardContent>
        </Card>
      )}
      <ReatribuirForm pessoas={pessoas} />
      {ausenciasDe && <AusenciasDialog pessoa={ausenciasDe} onClose={() => setParam('ausencias', null)} />}
    </Box>
  );
}
