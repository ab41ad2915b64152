import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatDateTimeBR, type ProcessoModeloResponse } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { FilterBar, plainLabel } from '../layout/FilterBar';
import { LoadingText } from '../layout/FormBits';
import { Restricted } from '../layout/Restricted';
import { useRegistrosApi } from '../providers/registrosMethods';
import { ChecklistModeloForm } from './ChecklistModeloForm';
import { ConfiguracoesTabs } from './ConfiguracoesTabs';
import { EtapasModeloForm } from './EtapasModeloForm';
import { SERVICO_PADRAO } from './servico';

const SEM_ITENS: [] = [];

/** Who changed the template and when, or that it is still the system's. */
function Autoria({ modelo }: { modelo: ProcessoModeloResponse }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`processos.modelos.${key}`, options);
  const text = modelo.personalizado
    ? `${t('personalizado')}${modelo.atualizadoEm ? t('em', { data: formatDateTimeBR(modelo.atualizadoEm) }) : ''}${modelo.atualizadoPor ? t('por', { nome: modelo.atualizadoPor }) : ''}.`
    : t('padrao');
  return (
    <Typography variant="caption" color="text.secondary">
      {text}
    </Typography>
  );
}

/** Configurações → Processos (the board): the service chosen in the address, its stages and its checklist. */
function ModelosScreen() {
  const translate = useTranslate();
  const api = useRegistrosApi();
  const [params, setParams] = useSearchParams();
  const servico = params.get('servico') || SERVICO_PADRAO;
  const modelos = useQuery({ queryKey: ['processos-modelos'], queryFn: () => api.getModelos() });
  const checklist = useQuery({ queryKey: ['checklist-modelo', servico], queryFn: () => api.getChecklistModelo(servico), retry: false });
  const modelo = modelos.data?.find((m) => m.servico === servico);

  return (
    <>
      <Title title="Configurações" />
      <ConfiguracoesTabs />
      <Card sx={{ mt: 2 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography component="h1" variant="h5">
            {translate('processos.modelos.titulo')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('processos.modelos.ajuda')}
          </Typography>
          <FilterBar values={{ servico: modelos.data ? servico : '' }} onChange={(_, v) => setParams({ servico: String(v) }, { replace: true })}>
            <SelectInput
              source="servico"
              label={plainLabel(translate('processos.servico'))}
              choices={(modelos.data ?? []).map((m) => ({ id: m.servico, name: m.nome }))}
              translateChoice={false}
              isPending={modelos.isPending}
              isRequired
              helperText={false}
              margin="none"
              size="small"
              sx={{ width: 360, maxWidth: 1 }}
            />
          </FilterBar>
          {modelos.error && <Alert severity="error">{errorMessage(modelos.error, translate('processos.modelos.erroCarregar'))}</Alert>}
          {modelos.isPending && <LoadingText />}
          {modelo && <Autoria modelo={modelo} />}
          {modelo && !checklist.isPending && <EtapasModeloForm modelo={modelo} checklist={checklist.data?.itens ?? SEM_ITENS} />}
        </CardContent>
      </Card>
      {modelo && (
        <Card sx={{ mt: 2, mb: 4 }} component="section" aria-label={translate('processos.checklist.secao')}>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Typography component="h2" variant="h6">
              {translate('processos.checklist.titulo', { servico: modelo.nome })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('processos.checklist.ajuda')}
            </Typography>
            {checklist.isPending && <LoadingText />}
            {checklist.error && <Alert severity="error">{errorMessage(checklist.error, translate('processos.checklist.erroCarregar'))}</Alert>}
            {checklist.isSuccess && <ChecklistModeloForm checklist={checklist.data} />}
          </CardContent>
        </Card>
      )}
    </>
  );
}

export default function ModelosPage() {
  return (
    <Restricted action="settings">
      <ModelosScreen />
    </Restricted>
  );
}
