import { Box, Button, CircularProgress, DialogActions } from '@mui/material';

/** The footer of a form in a dialog: Cancelar and a submit button that says it is saving. */
export function FormActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        Cancelar
      </Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Salvando...' : 'Salvar'}
      </Button>
    </DialogActions>
  );
}

/** A loading line: a spinner and what is being loaded, announced politely. */
export function LoadingText({ children = 'Carregando...' }: { children?: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 2 }} role="status">
      <CircularProgress size={20} /> {children}
    </Box>
  );
}

export { RowAction } from '../layout/RowAction';
