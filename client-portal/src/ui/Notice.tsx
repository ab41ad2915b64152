import type { ReactNode } from 'react';
import { errorMessage, UNEXPECTED } from '../lib/api';

/** A message in the page: an error is an alert, the others a polite status. */
export function Notice({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** A failed call, in the server's words (or a general one); nothing when there is none. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  return <Notice kind="error">{errorMessage(error, UNEXPECTED)}</Notice>;
}
