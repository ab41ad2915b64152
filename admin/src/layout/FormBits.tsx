import { Box, CircularProgress, type Theme } from '@mui/material';

/** A loading line: a spinner and what is being loaded, announced politely. */
export function LoadingText({ children = 'Carregando...' }: { children?: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 2 }} role="status">
      <CircularProgress size={20} /> {children}
    </Box>
  );
}

/**
 * The content of a dialog right under its title: MUI takes its top padding away (a field's floating
 * label would be cut), so one spacing step comes back.
 */
export const UNDER_TITLE = { pt: (theme: Theme) => `${theme.spacing(1)} !important` } as const;
