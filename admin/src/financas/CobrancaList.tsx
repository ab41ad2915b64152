import { Chip } from '@mui/material';
import { DataTable, DateField, ExportButton, List, TopToolbar, useTranslate } from 'react-admin';
import { COBRANCA_STATUS_LABELS, type CobrancaResponse, formatBRL, formatDateBR } from '@veritas/common';
import { ListEmpty, ListLoadError, searchFilter, tabsFilter } from '../layout/ListScreen';
import { csvExporter } from '../providers/exporter';
import { i18nProvider } from '../providers/i18nProvider';
import { hideOnPhone, LIST_SX } from '../layout/screen';

type Cobranca = CobrancaResponse & { id: string };
const R = 'cobrancas';
const t = (key: string, options?: object) => i18nProvider.translate(key, options);

export const STATUS_TABS = [
  { value: 'todos', label: 'Todas' },
  { value: 'aberta', label: 'Abertas' },
  { value: 'vencida', label: 'Vencidas' },
  { value: 'paga', label: 'Pagas' },
  { value: 'cancelada', label: 'Canceladas' },
] as const;

/** Newest first: what was just issued is on top, and old settled charges sink (issue 52). */
export const DEFAULT_SORT = { field: 'createdAt', order: 'DESC' } as const;

/** "Avulsa" for a charge issued by hand, without a registro. */
const registroText = (r: Cobranca) => r.registroNumero ?? t(`resources.${R}.avulsa`);

/** The CSV of the filtered list: pt-BR headers, dates dd/mm/aaaa and BRL. */
export const exportCobrancas = csvExporter<Cobranca>('cobrancas', () => [
  { header: t(`resources.${R}.fields.clienteNome`), value: (r) => r.clienteNome ?? '' },
  { header: 'CNPJ', value: (r) => r.clienteCnpj ?? '' },
  { header: t(`resources.${R}.fields.registroNumero`), value: registroText },
  { header: t(`resources.${R}.fields.createdAt`), value: (r) => formatDateBR(r.createdAt) },
  { header: t(`resources.${R}.fields.vencimento`), value: (r) => formatDateBR(r.vencimento) },
  { header: t(`resources.${R}.fields.total`), value: (r) => formatBRL(r.total) },
  { header: t(`resources.${R}.fields.pago`), value: (r) => formatBRL(r.pago) },
  { header: t(`resources.${R}.fields.saldo`), value: (r) => formatBRL(r.saldo) },
  { header: t(`resources.${R}.fields.status`), value: (r) => r.statusLabel },
]);

function StatusChip({ c }: { c: Cobranca }) {
  const key = c.vencida ? 'vencida' : c.status;
  const color = key === 'paga' ? 'success' : key === 'vencida' ? 'error' : key === 'aberta' ? 'warning' : 'default';
  return <Chip size="small" label={COBRANCA_STATUS_LABELS[key]} color={color} />;
}

/**
 * The charges: search and status tabs, sort and page in the URL, newest first; a row opens its
 * details (`onShow`). On a phone the secondary columns give way so the page never scrolls sideways.
 */
export function CobrancaList({ onShow }: { onShow: (id: string) => void }) {
  const translate = useTranslate();
  return (
    <List
      resource={R}
      title={false}
      filters={[searchFilter(translate(`resources.${R}.search`)), tabsFilter('status', translate(`resources.${R}.fields.status`), STATUS_TABS)]}
      filterDefaultValues={{ status: 'todos' }}
      sort={DEFAULT_SORT}
      exporter={exportCobrancas}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
      error={<ListLoadError prefix={translate(`resources.${R}.errors.load`)} />}
      sx={{ ...LIST_SX, ...hideOnPhone(['registroNumero', 'createdAt', 'total', 'pago']) }}
    >
      <DataTable
        bulkActionButtons={false}
        rowClick={(id) => {
          onShow(String(id));
          return false;
        }}
        empty={<ListEmpty none={`resources.${R}.empty.none`} noMatch={`resources.${R}.empty.noMatch`} ignore={['status']} />}
      >
        <DataTable.Col source="clienteNome" />
        <DataTable.Col source="registroNumero" disableSort render={registroText} />
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" locales="pt-BR" />
        </DataTable.Col>
        <DataTable.Col source="vencimento" render={(r: Cobranca) => formatDateBR(r.vencimento)} />
        <DataTable.Col source="total" align="right" render={(r: Cobranca) => formatBRL(r.total)} />
        <DataTable.Col source="pago" align="right" render={(r: Cobranca) => formatBRL(r.pago)} />
        <DataTable.Col source="saldo" align="right" render={(r: Cobranca) => formatBRL(r.saldo)} />
        <DataTable.Col source="status" render={(r: Cobranca) => <StatusChip c={r} />} />
      </DataTable>
    </List>
  );
}
