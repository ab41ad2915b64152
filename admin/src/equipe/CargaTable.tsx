import { Button, Chip, Typography } from '@mui/material';
import {
  DataTable,
  ExportButton,
  ListContextProvider,
  ResourceContextProvider,
  type SortPayload,
  TopToolbar,
  useList,
  useTranslate,
} from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatDateBR, type PessoaCargaResponse } from '@veritas/common';
import { csvExporter } from '../providers/exporter';
import { i18nProvider } from '../providers/i18nProvider';
import { hideOnPhone } from '../layout/screen';

const R = 'equipe';
const t = (key: string, options?: object) => i18nProvider.translate(key, options);
const field = (f: keyof PessoaCargaResponse) => t(`resources.${R}.fields.${f}`);
const NUMEROS = ['abertos', 'vencidos', 'venceEm5DiasUteis', 'etapasAguardando', 'exigenciasAbertas', 'concluidosNoPeriodo'] as const;

const leadTime = (p: PessoaCargaResponse) => (p.leadTimeMedianoDiasUteis === null ? '—' : String(p.leadTimeMedianoDiasUteis).replace('.', ','));
const ausencia = (p: PessoaCargaResponse) => (p.ausencia ? t('equipe.ausenteAte', { tipo: t(`equipe.tipos.${p.ausencia.tipo}`), ate: formatDateBR(p.ausencia.ate) }) : '');

/** The table as a CSV, in the order and with the columns on screen. */
const exportEquipe = csvExporter<PessoaCargaResponse>('equipe', () => [
  { header: field('nomeCompleto'), value: (p) => p.nomeCompleto },
  { header: field('permissions'), value: (p) => p.permissions.join(', ') },
  ...NUMEROS.map((f) => ({ header: field(f), value: (p: PessoaCargaResponse) => String(p[f]) })),
  { header: field('leadTimeMedianoDiasUteis'), value: leadTime },
  { header: field('ausencia'), value: ausencia },
]);

/** A person and, beneath, the permissions they hold and the absence they are on today. */
function PessoaCell({ p }: { p: PessoaCargaResponse }) {
  return (
    <>
      <Typography variant="body2" component="div">
        {p.nomeCompleto}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {p.permissions.join(', ')}
      </Typography>
      {p.ausencia && <Chip size="small" color="warning" label={ausencia(p)} sx={{ mt: 0.5 }} />}
    </>
  );
}

/** A person's Ausências (the row opens them too: this keeps the click from doing it twice). */
function AusenciasButton({ p, onClick }: { p: PessoaCargaResponse; onClick: (p: PessoaCargaResponse) => void }) {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      aria-label={translate('equipe.ausencias.de', { nome: p.nomeCompleto })}
      onClick={(e) => {
        e.stopPropagation();
        onClick(p);
      }}
    >
      {translate('equipe.ausencias.abrir')}
    </Button>
  );
}

/** The sort in the address (?sort=&order=), so a sorted table can be linked and survives a reload. */
function useSortInUrl(): [SortPayload, (sort: SortPayload) => void] {
  const [params, setParams] = useSearchParams();
  const sort: SortPayload = { field: params.get('sort') || 'nomeCompleto', order: params.get('order') === 'DESC' ? 'DESC' : 'ASC' };
  const setSort = (next: SortPayload) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.set('sort', next.field);
        q.set('order', next.order);
        return q;
      },
      { replace: true },
    );
  return [sort, setSort];
}

/**
 * The team's load (GET /api/equipe: one answer for the whole team, so react-admin's useList sorts
 * it in the browser): a <DataTable> with sortable columns, the sort in the address, its CSV, and
 * each person's Ausências.
 */
export function CargaTable(props: { pessoas: PessoaCargaResponse[]; isPending: boolean; onAusencias: (p: PessoaCargaResponse) => void }) {
  const translate = useTranslate();
  const [sort, setSort] = useSortInUrl();
  const list = useList<PessoaCargaResponse>({ data: props.pessoas, isPending: props.isPending, sort, exporter: exportEquipe });
  return (
    <ResourceContextProvider value={R}>
      {/* The header reads the sort from the address at once (useList copies it one render later). */}
      <ListContextProvider value={{ ...list, sort, setSort }}>
        <TopToolbar>
          <ExportButton maxResults={1000} />
        </TopToolbar>
        <DataTable
          aria-label={translate('equipe.tabela')}
          bulkActionButtons={false}
          rowClick={(_id, _resource, p) => {
            // A phone may have the Ausências column off screen: the whole row opens them too.
            props.onAusencias(p as PessoaCargaResponse);
            return false;
          }}
          sx={{
            minWidth: 0,
            '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
            '& .MuiTableCell-root': { px: 1 },
            ...hideOnPhone(['etapasAguardando', 'exigenciasAbertas', 'concluidosNoPeriodo', 'leadTimeMedianoDiasUteis']),
          }}
        >
          <DataTable.Col source="nomeCompleto" render={(p: PessoaCargaResponse) => <PessoaCell p={p} />} />
          {NUMEROS.map((f) => (
            <DataTable.Col key={f} source={f} align="right" />
          ))}
          <DataTable.Col source="leadTimeMedianoDiasUteis" align="right" render={leadTime} />
          <DataTable.Col label="panel.columns.actions" disableSort render={(p: PessoaCargaResponse) => <AusenciasButton p={p} onClick={props.onAusencias} />} />
        </DataTable>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}
