import { GlobalStyles } from '@mui/material';

/** While printing, only the reading view (.mail-print-area) shows. */
export const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body.mail-printing *': { visibility: 'hidden' },
        'body.mail-printing .mail-print-area, body.mail-printing .mail-print-area *': { visibility: 'visible' },
        'body.mail-printing .mail-print-area': { position: 'absolute', left: 0, top: 0, width: '100%' },
      },
    }}
  />
);

/** Imprimir: the open message alone. */
export function printMessage() {
  document.body.classList.add('mail-printing');
  const done = () => {
    document.body.classList.remove('mail-printing');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
