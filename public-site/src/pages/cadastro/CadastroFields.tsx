import type { ReactNode } from 'react';
import type { CnpjLookupResponse } from '@veritas/common';
import type { CadastroField } from './cadastro-form';

export type Lookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'done'; body: CnpjLookupResponse; filled: string[] | null };

export interface FieldProps {
  field: CadastroField | string;
  /** The ids' prefix: 'cadastro' (the company's form) or 'fundador' (issue 54). */
  idPrefix?: string;
  label: string;
  error?: string;
  hint?: string;
  wide?: boolean;
  children: (a11y: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled control with its hint and its error, tied together for screen readers. */
export function Field({ field, idPrefix = 'cadastro', label, error, hint, wide, children }: FieldProps) {
  const id = `${idPrefix}-${field}`;
  const described = [hint && `${id}-dica`, error && `${id}-erro`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form__field${wide ? ' signup__wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, name: field, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint && (
        <span id={`${id}-dica`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-erro`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** What the CNPJ lookup answered (§2.9): why it failed, or the answer and the button that fills the form with it. */
export function CnpjLookupResult({ lookup, onFill }: { lookup: Lookup; onFill: () => void }) {
  if (lookup.state === 'error') {
    return (
      <p className="form__error signup__wide" role="alert">
        {lookup.message}
      </p>
    );
  }
  if (lookup.state !== 'done') return null;
  return (
    <div className="cnpj-result signup__wide">
      <div className="cnpj-result__bar">
        <p>Resultado da consulta do CNPJ:</p>
        <button type="button" className="button button--primary" onClick={onFill}>
          Preencher o formulário com estes dados
        </button>
      </div>
      {lookup.filled && (
        <p className="form-success" role="status">
          {lookup.filled.length
            ? `Preenchido a partir da consulta: ${lookup.filled.join(', ')}. Confira antes de enviar.`
            : 'A consulta não trouxe dados para preencher.'}
        </p>
      )}
      <pre className="cnpj-result__json" tabIndex={0} aria-label="Resposta completa da consulta de CNPJ">
        {JSON.stringify(lookup.body, null, 2)}
      </pre>
    </div>
  );
}
