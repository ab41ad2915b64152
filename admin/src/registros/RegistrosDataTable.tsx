/*
 * What the three registros lists (Registros, Meus Registros, Prazos) share: the columns of a
 * react-admin <DataTable> (each sorting on the server), filter tabs and selects that live in the
 * URL like every react-admin filter, and the pt-BR CSV export.
 */
import type { ReactNode } from 'react';
import { Box, Checkbox, FormControlLabel, MenuItem, Tab, Tabs, TextField, Typography } from '@mui/material';
import {
  DataTable,
  downloadCSV,
  SearchInput,
  useBasename,
  useListContext,
  type Exporter,
  useTranslate,
} from 'react-admin';

import { formatDateBR, type RegistroResponse } from '@veritas/common';
import { registrosCsv } from './csv';
import { PrazoText } from './PrazoText';
import { StatusChip } from './StatusChip';

export type RegistroRow = RegistroResponse & { id: string };

/** One choice of a tab row or a select: the filter values it stands for ({} = everything). */
export interface FilterOption {
  value: string;
  label: string;
  filter: Record<string, unknown>;
}

function sameValue(a: unknown, b: unknown) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The option the list's current filter matches (the most specific one), and how to choose another. */
function useOptionFilter(options: readonly FilterOption[]): [string, (value: string) => void] {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const keys = new Set(options.flatMap((o) => Object.keys(o.filter)));
  const current = [...options]
    .sort((a, b) => Object.keys(b.filter).length - Object.keys(a.filter).length)
    .find((o) => Object.entries(o.filter).every(([k, v]) => sameValue(filterValues[k], v)) && [...keys].every((k) => k in o.filter || filterValues[k] === undefined));
  const choose = (value: string) => {
    const option = options.find((o) => o.value === value);
    if (!option) return;
    const next: Record<string, unknown> = { ...filterValues };
    for (const k of keys) delete next[k];
    setFilters({ ...next, ...option.filter }, displayedFilters);
  };
  return [current?.value ?? options[0].value, choose];
}

/** Tabs that are a filter (Todos, Pendente, ...), kept in the URL with the others. */
export function FilterTabs({ label, options }: { label: string; options: readonly FilterOption[] }) {
  const [value, choose] = useOptionFilter(options);
  return (
    <Tabs
      value={value}
      onChange={(_, v: string) => choose(v)}
      aria-label={label}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {options.map((o) => (
        <Tab key={o.value} value={o.value} label={o.label} />
      ))}
    </Tabs>
  );
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
 * A checkbox filter (react-admin's BooleanInput is a switch): checked → true, unchecked → no
 * filter. Like the tabs it sets the list's filter at once, outside the debounced filter form, so
 * a tab clicked right after is not undone by the form catching up.
 */
export function CheckboxFilter({ source, label }: { source: string; label: string }) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const toggle = (on: boolean) => {
    const { [source]: _old, ...rest } = filterValues;
    setFilters(on ? { ...rest, [source]: true } : rest, displayedFilters);
  };
  return (
    <FormControlLabel
      sx={{ ml: 0, mr: 1 }}
      control={<Checkbox checked={filterValues[source] === true} onChange={(e) => toggle(e.target.checked)} />}
      label={label}
    />
  );
}

const SEARCH_PLACEHOLDER = 'Buscar por protocolo, cliente ou CNPJ';

/** The search every registros list has: protocol, client name or CNPJ, on the server. */
export const registroSearch = (
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    type="search"
    placeholder={SEARCH_PLACEHOLDER}
    slotProps={{ htmlInput: { 'aria-label': SEARCH_PLACEHOLDER } }}
    sx={{ minWidth: { xs: '100%', sm: 320 } }}
  />
);

/** Hides the columns a phone has no room for (react-admin marks each cell with `column-<source>`). */
function hideOnPhone(columns: string[]) {
  return { [columns.map((c) => `& .column-${c}`).join(', ')]: { display: { xs: 'none', md: 'table-cell' } } };
}

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

/** A screen's empty state, in the words the screen used before. */
export function EmptyText({ children }: { children: string }) {
  return (
    <Box role="status" sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
      {children}
    </Box>
  );
}

/** react-admin's exporter for the registros lists (the whole filtered list, as react-admin fetches it). */
export function useRegistrosExporter(filename: string): Exporter<RegistroRow> {
  const translate = useTranslate();
  return (rows) => downloadCSV(`\uFEFF${registrosCsv(rows as RegistroRow[], translate)}`, filename);
}
