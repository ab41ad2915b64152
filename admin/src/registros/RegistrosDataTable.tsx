/*
 * What the three registros lists (Registros, Meus Registros, Prazos) share: the columns of a
 * react-admin <DataTable> (each sorting on the server), filter tabs and selects that live in the
 * URL like every react-admin filter, and the pt-BR CSV export.
 */
import type { ReactNode } from 'react';
import { Checkbox, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import { DataTable, useBasename, useInput, useListContext, type Exporter, useTranslate } from 'react-admin';

import { formatDateBR, type RegistroResponse, REGISTROS_CSV } from '@veritas/common';
import { searchFilter, TabsRow } from '../layout/ListScreen';
import { hideOnPhone } from '../layout/screen';
import { csvExporter } from '../providers/exporter';
import { applyOption, checkboxFilterValue, type FilterOption, isCheckedFilter, matchOption } from './filters';
import { PrazoText } from './PrazoText';
import { StatusChip } from './StatusChip';

export type RegistroRow = RegistroResponse & { id: string };
export type { FilterOption } from './filters';

/** The option the list's current filter matches, and how to choose another (both through the URL). */
function useOptionFilter(options: readonly FilterOption[]): [string, (value: string) => void] {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const choose = (value: string) => {
    const next = applyOption(options, filterValues, value);
    if (next) setFilters(next, displayedFilters);
  };
  return [matchOption(options, filterValues), choose];
}

/** Tabs that are a filter (Todos, Vencidos, ...), kept in the URL with the others. */
export function FilterTabs({ label, options }: { label: string; options: readonly FilterOption[] }) {
  const [value, choose] = useOptionFilter(options);
  return <TabsRow label={label} value={value} options={options} onChange={choose} />;
}

/** A select whose choices are whole filters (e.g. "Em aberto" = pendente or em andamento). */
export function FilterSelect({ label, options, minWidth = 220 }: { label: string; options: readonly FilterOption[]; minWidth?: number }) {
  const [value, choose] = useOptionFilter(options);
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => choose(e.target.value)} sx={{ minWidth }}>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A checkbox input of the list's filter form (react-admin's BooleanInput is a switch, and its
 * unchecked `false` would still be sent): checked → true, unchecked → no filter. Being part of the
 * form, the debounced search catching up does not undo it.
 */
export function CheckboxFilterInput({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { field } = useInput({ source, defaultValue: '' });
  return (
    <FormControlLabel
      sx={{ ml: 0, mr: 1, mb: 0.5 }}
      control={<Checkbox checked={isCheckedFilter(field.value)} onChange={(e) => field.onChange(checkboxFilterValue(e.target.checked))} />}
      label={label}
    />
  );
}

/** The search every registros list has: protocol, client name or CNPJ, on the server. */
export const registroSearch = searchFilter('Buscar por protocolo, cliente ou CNPJ');

/**
 * The registros table: a row opens the registro under `base` (registros, meu-registros, prazos).
 * On a phone the status stays and the due date goes, unless the list is about due dates.
 */
export function RegistrosDataTable(props: {
  base: string;
  focus?: 'status' | 'prazo';
  bulkActionButtons?: ReactNode | false;
  empty: ReactNode;
  extra?: ReactNode;
}) {
  const { base, focus = 'status', bulkActionButtons = false, empty, extra } = props;
  const basename = useBasename();
  const hidden = ['tipo', 'responsavelNome', 'data', focus === 'prazo' ? 'status' : 'prazo'];
  return (
    <DataTable<RegistroRow>
      rowClick={(id) => `${basename}/${base}/${id}`}
      bulkActionButtons={bulkActionButtons}
      empty={empty}
      sx={{ ...hideOnPhone(hidden), '& .RaDataTable-table': { minWidth: 0 } }}
    >
      <DataTable.Col
        source="numero"
        render={(r) => (
          <Typography variant="body2" component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {r.numero}
          </Typography>
        )}
      />
      <DataTable.Col source="clienteNome" render={(r) => r.clienteNome ?? '—'} />
      <DataTable.Col source="tipo" />
      <DataTable.Col source="status" render={(r) => <StatusChip status={r.status} />} />
      <DataTable.Col
        source="responsavelNome"
        render={(r) =>
          r.responsavelNome ?? (
            <Typography variant="body2" component="span" color="text.secondary">
              Sem responsável
            </Typography>
          )
        }
      />
      <DataTable.Col source="prazo" render={(r) => <PrazoText registro={r as RegistroRow} />} />
      <DataTable.Col source="data" render={(r) => formatDateBR(r.data)} />
      {extra}
    </DataTable>
  );
}

/** react-admin's exporter for the registros lists (the whole filtered list, as react-admin fetches it). */
export function useRegistrosExporter(filename: string): Exporter<RegistroRow> {
  const translate = useTranslate();
  return csvExporter<RegistroRow>(filename, () => REGISTROS_CSV) as Exporter<RegistroRow>;
}
