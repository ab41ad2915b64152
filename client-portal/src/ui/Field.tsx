import type { ReactNode } from 'react';

/** A labelled form field: `id` is the control's, which the caller renders as the child. */
export function Field({ label, children, id }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}
