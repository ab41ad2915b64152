import { Box, CircularProgress } from '@mui/material';

/** A loading line: a spinner and what is being loaded, announced politely. */
export function LoadingText({ children = 'Carregando...' }: { children?: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 2 }} role="status">
      <CircularProgress size={20} /> {children}
    </Box>
  );
}
