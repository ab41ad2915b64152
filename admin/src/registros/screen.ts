/**
 * The root of a list screen. A one-column grid whose column may shrink to nothing, so a wide
 * child (a row of tabs, a table) scrolls inside its own box instead of widening the page on a phone.
 */
export const SCREEN_SX = { mb: 4, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' } as const;

/** A react-admin <List> inside SCREEN_SX: its card may shrink, and a wide table scrolls inside it. */
export const LIST_SX = {
  minWidth: 0,
  '& .RaList-main': { minWidth: 0 },
  '& .RaList-content': { overflowX: 'auto' },
} as const;
