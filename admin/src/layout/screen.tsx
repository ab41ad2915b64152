import type { ReactNode } from 'react';
import { TopToolbar } from 'react-admin';
import type { CsvColumn } from '@veritas/common';
import { CsvExportButton } from './CsvExportButton';
import type { ExportableResource } from '../providers/exportMethods';

/**
 * The root of a list screen. A one-column grid whose column may shrink to nothing, so a wide
 * child (a row of tabs, a table) scrolls inside its own box instead of widening the page on a phone.
 */
export const SCREEN_SX = { mb: 4, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' } as const;

/**
 * A react-admin <List> inside SCREEN_SX: its card may shrink, and a wide table scrolls inside its
 * own wrapper. Not the card itself: a scrolling card would clip the bulk actions' toolbar, which
 * react-admin slides up over the list's top toolbar.
 */
export const LIST_SX = {
  minWidth: 0,
  '& .RaList-main': { minWidth: 0 },
  '& .RaList-content': { minWidth: 0 },
  '& .RaDataTable-root': { minWidth: 0 },
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
} as const;

/** Hides the columns a phone has no room for (react-admin marks each DataTable cell with `column-<source>`). */
export function hideOnPhone(columns: string[]) {
  return { [columns.map((c) => `& .column-${c}`).join(', ')]: { display: { xs: 'none', md: 'table-cell' } } };
}

/**
 * The export of a list screen: the whole filtered, sorted list as the screen's CSV (written by the
 * browser up to 200 rows, streamed by the server beyond; the same columns either way).
 */
export function exportActions<R>(resource: ExportableResource, filename: string, columns: readonly CsvColumn<R>[], extra?: ReactNode) {
  return (
    <TopToolbar>
      {extra}
      <CsvExportButton resource={resource} filename={filename} columns={columns} />
    </TopToolbar>
  );
}

/**
 * What the registros, documentos and mensagens lists pass to react-admin's <List>: 25 a page,
 * the table (with its own empty text) even when there is nothing, and LIST_SX (the export is
 * each screen's `actions={exportActions(...)}`).
 */
export const PANEL_LIST = { perPage: 25, empty: false as const, sx: LIST_SX };
