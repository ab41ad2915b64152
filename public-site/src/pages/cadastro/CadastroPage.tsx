import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { CARGOS, CLIENTE_FIELD_LABELS, type CepLookupResponse, type CnpjLookupResponse, ESTADOS, isValidCep, onlyDigits, PASSWORD_MAX_LENGTH } from '@veritas/common';
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
import '../forms.css';
import './cadastro.css';

/** Seconds on the success panel before going to /login (§4, §9). */
export const REDIRECT_SECONDS = 5;

const LOGIN_PATH = '/login';

type Lookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'done'; body: CnpjLookupResponse; filled: string[] | null };

/** The fields a CNPJ lookup can fill, with their labels. */
const FILL_LABELS: Partial<Record<CadastroField, string>> = Object.fromEntries(
  (['razaoSocial', 'nomeFantasia', 'email', 'telefone', 'celularWhatsApp', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'estado'] as const).map((f) => [f, CLIENTE_FIELD_LABELS[f]]),
);

interface FieldProps {
  field: CadastroField;
  label: string;
  error?: string;
  hint?: string;
  wide?: boolean;
  children: (a11y: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled control with its hint and its error, tied together for screen readers. */
function Field({ field, label, error, hint, wide, children }: FieldProps) {
  const id = `cadastro-${field}`;
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

/**
 * /cadastro (§2.9): a client company registers itself. Prerendered as a complete form skeleton and
 * hydrated in the browser; the CNPJ and CEP lookups go through our own API (/api/lookup).
 */
export function CadastroPage() {
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
    setFailure(result.status === 0 ? CADASTRO_MESSAGES.submitCrashed : result.message);
  }

  if (registered) return <RegisteredPanel />;

  const e = errors;
  const text = (field: CadastroField, label: string, extra: Record<string, unknown> = {}, fieldProps: Partial<FieldProps> = {}) => (
    <Field field={field} label={label} error={e[field]} {...fieldProps}>
      {(a11y) => <input type="text" {...a11y} {...bind(field)} {...extra} />}
    </Field>
  );
  const select = (field: CadastroField, label: string, options: readonly string[], placeholder: string) => (
    <Field field={field} label={label} error={e[field]}>
      {(a11y) => (
        <select {...a11y} {...bind(field)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const phone = (field: CadastroField, label: string) =>
    text(field, label, { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '(00) 00000-0000' });

  return (
    <section className="signup-page" aria-labelledby="cadastro-title">
      <div className="container signup">
        <h1 id="cadastro-title">Cadastro de Cliente</h1>
        <p className="signup__intro">
          Cadastre a sua empresa para acompanhar registros, solicitações e documentos na área do cliente. Os campos com * são
          obrigatórios.
        </p>
        <form ref={formRef} className="signup__form" method="post" noValidate onSubmit={handleSubmit}>
          <fieldset className="signup__group">
            <legend>Dados da empresa</legend>
            {text('razaoSocial', 'Razão Social *', { autoComplete: 'organization', maxLength: 200 }, { wide: true })}
            {text('nomeFantasia', 'Nome Fantasia', { maxLength: 200 })}
            <div className="form__field signup__cnpj">
              <label htmlFor="cadastro-cnpj">CNPJ *</label>
              <div className="signup__inline">
                <input
                  id="cadastro-cnpj"
                  name="cnpj"
                  type="text"
                  autoCapitalize="characters"
                  placeholder="00.000.000/0000-00"
                  aria-invalid={e.cnpj ? true : undefined}
                  aria-describedby={e.cnpj ? 'cadastro-cnpj-erro' : undefined}
                  {...bind('cnpj')}
                />
                <button
                  type="button"
                  className="button button--outline"
                  onClick={lookupCnpj}
                  disabled={!ready || lookup.state === 'loading'}
                >
                  {lookup.state === 'loading' ? 'Consultando...' : 'Consultar CNPJ'}
                </button>
              </div>
              {e.cnpj && (
                <span id="cadastro-cnpj-erro" className="field-error">
                  {e.cnpj}
                </span>
              )}
            </div>
            {lookup.state === 'error' && (
              <p className="form__error signup__wide" role="alert">
                {lookup.message}
              </p>
            )}
            {lookup.state === 'done' && (
              <div className="cnpj-result signup__wide">
                <div className="cnpj-result__bar">
                  <p>Resultado da consulta do CNPJ:</p>
                  <button type="button" className="button button--primary" onClick={fillWithCnpj}>
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
            )}
            {text('nire', 'NIRE *', { maxLength: 20, inputMode: 'numeric' })}
            {text('email', 'E-mail (login) *', { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 })}
            {phone('telefone', 'Telefone')}
            {phone('celularWhatsApp', 'Celular/WhatsApp')}
          </fieldset>

          <fieldset className="signup__group">
            <legend>Endereço</legend>
            <Field field="cep" label="CEP" error={e.cep} hint="Ao sair do campo, o endereço é preenchido.">
              {(a11y) => (
                <input
                  type="text"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  placeholder="00000-000"
                  {...a11y}
                  {...bind('cep')}
                  onBlur={lookupCep}
                />
              )}
            </Field>
            {text('endereco', 'Endereço', { autoComplete: 'address-line1', maxLength: 200 }, { wide: true })}
            {text('numero', 'Número', { maxLength: 20 })}
            {text('complemento', 'Complemento', { autoComplete: 'address-line2', maxLength: 100 })}
            {text('bairro', 'Bairro', { maxLength: 100 })}
            {text('cidade', 'Cidade', { autoComplete: 'address-level2', maxLength: 100 })}
            {select('estado', 'Estado', ESTADOS, 'Selecione')}
            {text('pais', 'País', { autoComplete: 'country-name', maxLength: 60 })}
          </fieldset>

          <fieldset className="signup__group">
            <legend>Responsável</legend>
            {text('nomeCompletoResponsavel', 'Nome completo do responsável', { autoComplete: 'name', maxLength: 160 }, { wide: true })}
            {select('cargo', 'Cargo', CARGOS, 'Selecione o cargo')}
            {text('dataNascimento', 'Data de nascimento', { type: 'date' })}
            {text('emailRF', 'E-mail do responsável', { type: 'email', inputMode: 'email', maxLength: 254 })}
            {phone('telefoneResponsavel', 'Telefone do responsável')}
            {phone('celularWhatsAppResponsavel', 'Celular/WhatsApp do responsável')}
          </fieldset>

          <fieldset className="signup__group">
            <legend>Assinante do DBE</legend>
            {text('nomeCompletoAssinanteDBE', 'Nome completo do assinante do DBE', { maxLength: 160 }, { wide: true })}
            {select('cargoAssinanteDBE', 'Cargo do assinante do DBE', CARGOS, 'Selecione o cargo')}
            {text('dataNascimentoAssinanteDBE', 'Data de nascimento do assinante do DBE', { type: 'date' })}
          </fieldset>

          <fieldset className="signup__group">
            <legend>Acesso à área do cliente</legend>
            {text(
              'password',
              'Senha *',
              { type: 'password', autoComplete: 'new-password', maxLength: PASSWORD_MAX_LENGTH },
              { hint: 'Mínimo de 8 caracteres, com letras maiúsculas e minúsculas, número e caractere especial.' },
            )}
            {text('confirmPassword', 'Confirmar senha *', { type: 'password', autoComplete: 'new-password', maxLength: PASSWORD_MAX_LENGTH })}
          </fieldset>

          {failure && (
            <p className="form__error" role="alert">
              {failure}
            </p>
          )}
          <button type="submit" className="button button--primary button--large" disabled={submitting || !ready}>
            {submitting ? 'Cadastrando...' : 'Cadastrar'}
          </button>
          <p className="signup__login">
            Já tem cadastro? <a href={LOGIN_PATH}>Entrar</a>
          </p>
        </form>
      </div>
    </section>
  );
}

/** The success panel (§2.9): a 5-second countdown to /login, and a link to go at once. */
function RegisteredPanel() {
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The form was long: start the panel at the top, its heading announced.
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    if (seconds <= 0) {
      window.location.assign(LOGIN_PATH);
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);

  return (
    <section className="signup-page" aria-labelledby="cadastro-sucesso">
      <div className="container signup signup__done">
        <h1 id="cadastro-sucesso" ref={headingRef} tabIndex={-1}>
          Cadastro realizado com sucesso!
        </h1>
        {/* Not a live region: a screen reader would read every second aloud. */}
        <p>
          Você será redirecionado para a página de login em {seconds} {seconds === 1 ? 'segundo' : 'segundos'}.
        </p>
        <a className="button button--primary" href={LOGIN_PATH}>
          Ir para o login agora
        </a>
      </div>
    </section>
  );
}
