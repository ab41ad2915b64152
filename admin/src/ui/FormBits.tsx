import type { ReactElement } from 'react';
import { Box, Button, CircularProgress, DialogActions, IconButton, Tooltip } from '@mui/material';

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

/**
 * An icon button in a table row: a tooltip for the eye, a full name for screen readers (`label`,
 * e.g. "Excluir Padaria Ltda"), and a click that does not also open the row's details.
 */
export function RowAction(props: {
  label: string;
  title: string;
  icon: ReactElement;
  onClick: () => void;
  color?: 'error' | 'default';
  disabled?: boolean;
}) {
  const { label, title, icon, onClick, color = 'default', disabled = false } = props;
  return (
    <Tooltip title={title}>
      {/* A disabled button fires no events: the span keeps the tooltip working. */}
      <span>
        <IconButton
          size="small"
          color={color}
          aria-label={label}
          disabled={disabled}
          onClick={(e) => {
            e.stopPropagation();
            onClick();
          }}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
