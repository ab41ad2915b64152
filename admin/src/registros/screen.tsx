import { ExportButton, TopToolbar } from 'react-admin';

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

/** The export of a list screen: the whole filtered list, up to 5000 rows, as the screen's CSV. */
export const EXPORT_ACTIONS = (
  <TopToolbar>
    <ExportButton maxResults={5000} />
  </TopToolbar>
);

/**
 * What the registros, documentos and mensagens lists pass to react-admin's <List>: 25 a page,
 * the table (with its own empty text) even when there is nothing, the export, and LIST_SX.
 */
export const PANEL_LIST = { perPage: 25, empty: false as const, actions: EXPORT_ACTIONS, sx: LIST_SX };
