import { useId, type ReactNode } from 'react';
import { Dialog, DialogTitle, useMediaQuery, type Theme } from '@mui/material';

/**
 * One of the screen's modals, full screen on a phone. A click outside does not throw away a form
 * being filled (only the details close so); Esc cancels (back to the details when the form came from them).
 */
export function ClienteDialog(props: { open: boolean; title: string; form?: boolean; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={props.open}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      onClose={(_, reason) => {
        if (props.form && reason === 'backdropClick') return;
        props.onClose();
      }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      {props.children}
    </Dialog>
  );
}
