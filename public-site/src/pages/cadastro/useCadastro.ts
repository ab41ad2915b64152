import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { CLIENTE_FIELD_LABELS, type CepLookupResponse, type CnpjLookupResponse, isValidCep, onlyDigits, validateCepField } from '@veritas/common';
import { callApi } from '../api';
import {
  CADASTRO_FIELDS,
  CADASTRO_MESSAGES,
  type CadastroErrors,
  type CadastroField,
  type CadastroValues,
  cadastroPayload,
  cnpjLookupKey,
  EMPTY_CADASTRO,
  fillFromCep,
  fillFromCnpj,
  maskField,
  validateCadastro,
} from './cadastro-form';
import type { Lookup } from './CadastroFields';

/** The fields a CNPJ lookup can fill, with their labels. */
const FILL_LABELS: Partial<Record<CadastroField, string>> = Object.fromEntries(
  (['razaoSocial', 'nomeFantasia', 'email', 'telefone', 'celularWhatsApp', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'estado'] as const).map((f) => [f, CLIENTE_FIELD_LABELS[f]]),
);

/**
 * The self-registration form's state (§2.9): values with their masks, errors cleared as a field
 * changes, the CNPJ and CEP lookups (through our own API, /api/lookup) and the submission.
 */
export function useCadastro() {
  const [values, setValues] = useState<CadastroValues>(EMPTY_CADASTRO);
  const [errors, setErrors] = useState<CadastroErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [registered, setRegistered] = useState(false);
  // Submitted without JavaScript the form would go nowhere useful: its button waits for hydration.
  const [ready, setReady] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => setReady(true), []);

  function patch(changes: Partial<CadastroValues>) {
    setValues((current) => ({ ...current, ...changes }));
    const touched = Object.keys(changes) as CadastroField[];
    // Editing a field clears its error; the confirmation's error is about both passwords.
    if (touched.some((f) => errors[f] || (f === 'password' && errors.confirmPassword))) {
      setErrors((current) => {
        const next = { ...current };
        for (const f of touched) delete next[f];
        if (touched.includes('password')) delete next.confirmPassword;
        return next;
      });
    }
  }

  const onChange = (field: CadastroField) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = maskField(field, e.target.value);
    // A lookup's error is about the CNPJ it was given: a changed CNPJ takes it away.
    if (field === 'cnpj' && value !== values.cnpj) setLookup((current) => (current.state === 'error' ? { state: 'idle' } : current));
    patch({ [field]: value });
  };

  const bind = (field: CadastroField) => ({ value: values[field], onChange: onChange(field), disabled: submitting });

  async function lookupCnpj() {
    const key = cnpjLookupKey(values.cnpj);
    if (!key) {
      setLookup({ state: 'error', message: CADASTRO_MESSAGES.cnpjLength });
      return;
    }
    setLookup({ state: 'loading' });
    const result = await callApi<CnpjLookupResponse>(`/api/lookup/cnpj/${key}`, 'serviço indisponível');
    // A failure clears the previous result (§8).
    setLookup(
      result.ok
        ? { state: 'done', body: result.body, filled: null }
        : { state: 'error', message: CADASTRO_MESSAGES.cnpjLookupFailed + result.message },
    );
  }

  function fillWithCnpj() {
    if (lookup.state !== 'done') return;
    const changes = fillFromCnpj(lookup.body.data ?? {}, values);
    patch(changes);
    setLookup({ ...lookup, filled: (Object.keys(changes) as CadastroField[]).map((f) => FILL_LABELS[f] ?? f) });
  }

  /** On leaving the CEP field (§2.9): fills the address; a failure is only logged (§8). */
  async function lookupCep() {
    // A CEP that cannot be one says so at once; an empty one is allowed (the address is optional).
    const invalid = validateCepField(values.cep);
    if (invalid) setErrors((current) => ({ ...current, cep: invalid }));
    if (!isValidCep(values.cep)) return;
    const result = await callApi<CepLookupResponse>(`/api/lookup/cep/${onlyDigits(values.cep)}`, 'Erro ao consultar CEP');
    if (result.ok) patch(fillFromCep(result.body.data ?? {}));
    else console.warn(`Consulta de CEP: ${result.message}`);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    const found = validateCadastro(values);
    setErrors(found);
    const first = CADASTRO_FIELDS.find((f) => found[f]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    const result = await callApi('/api/clientes/register', CADASTRO_MESSAGES.submitFailed, { body: cadastroPayload(values) });
    setSubmitting(false);
    if (result.ok) {
      setRegistered(true);
      return;
    }
    // A field the server refused shows its reason beside it, one sentence per field; above the
    // button only what no field of the form can show, else a pointer to the fields.
    const known = CADASTRO_FIELDS.filter((f) => result.fields[f]);
    const others = Object.entries(result.fields).filter(([f]) => !(CADASTRO_FIELDS as readonly string[]).includes(f));
    setErrors(Object.fromEntries(known.map((f) => [f, result.fields[f]])));
    if (result.status === 0) setFailure(CADASTRO_MESSAGES.submitCrashed);
    else if (known.length) setFailure(others.length ? others.map(([, m]) => m).join(' ') : CADASTRO_MESSAGES.fixFields);
    else setFailure(result.message);
  }

  return { values, errors, submitting, failure, lookup, registered, ready, formRef, bind, lookupCnpj, fillWithCnpj, lookupCep, handleSubmit };
}
