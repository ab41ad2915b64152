import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { PASSWORD_MAX_LENGTH } from '@veritas/common';
import { callApi } from '../api';
import { CADASTRO_MESSAGES } from './cadastro-form';
import { Field } from './CadastroFields';
import {
  EMPTY_FUNDADOR,
  FUNDADOR_FIELDS,
  type FundadorErrors,
  type FundadorField,
  fundadorPayload,
  type FundadorValues,
  maskFundadorField,
  validateFundador,
} from './fundador-form';
import { LOGIN_PATH } from './RegisteredPanel';

/**
 * "Ainda não tenho CNPJ (abertura de empresa)" (issue 54): the founder registers with name, CPF,
 * e-mail, phone and the intended company's name; the abertura is opened with the registration, and
 * the client becomes the company when the firm records its CNPJ.
 */
export function FundadorForm({ onRegistered }: { onRegistered: () => void }) {
  const [values, setValues] = useState<FundadorValues>(EMPTY_FUNDADOR);
  const [errors, setErrors] = useState<FundadorErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const onChange = (field: FundadorField) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = maskFundadorField(field, e.target.value);
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field] && !(field === 'password' && current.confirmPassword)) return current;
      const next = { ...current };
      delete next[field];
      if (field === 'password') delete next.confirmPassword;
      return next;
    });
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    const found = validateFundador(values);
    setErrors(found);
    const first = FUNDADOR_FIELDS.find((f) => found[f]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    const result = await callApi('/api/clientes/register/fundador', CADASTRO_MESSAGES.submitFailed, { body: fundadorPayload(values) });
    setSubmitting(false);
    if (result.ok) {
      onRegistered();
      return;
    }
    const known = FUNDADOR_FIELDS.filter((f) => result.fields[f]);
    setErrors(Object.fromEntries(known.map((f) => [f, result.fields[f]])));
    if (result.status === 0) setFailure(CADASTRO_MESSAGES.submitCrashed);
    else setFailure(known.length ? CADASTRO_MESSAGES.fixFields : result.message);
  }

  const input = (field: FundadorField, label: string, extra: Record<string, unknown> = {}, hint?: string) => (
    <Field field={field} idPrefix="fundador" label={label} error={errors[field]} hint={hint}>
      {(a11y) => <input type="text" {...a11y} value={values[field]} onChange={onChange(field)} disabled={submitting} {...extra} />}
    </Field>
  );

  return (
    <form ref={formRef} className="signup__form signup__form--fundador" method="post" noValidate onSubmit={handleSubmit} aria-label="Cadastro sem CNPJ">
      <fieldset className="signup__group">
        <legend>Seus dados</legend>
        {input('nome', 'Nome completo *', { autoComplete: 'name', maxLength: 160 })}
        {input('cpf', 'CPF *', { inputMode: 'numeric', placeholder: '000.000.000-00' })}
        {input('email', 'E-mail (login) *', { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 })}
        {input('telefone', 'Telefone *', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '(00) 00000-0000' })}
      </fieldset>
      <fieldset className="signup__group">
        <legend>A empresa que você quer abrir</legend>
        {input('razaoSocial', 'Nome pretendido da empresa *', { maxLength: 200 }, 'A razão social definitiva vem com o CNPJ, ao fim da abertura.')}
      </fieldset>
      <fieldset className="signup__group">
        <legend>Acesso à área do cliente</legend>
        {input('password', 'Senha *', { type: 'password', autoComplete: 'new-password', maxLength: PASSWORD_MAX_LENGTH }, 'Mínimo de 8 caracteres, com letras maiúsculas e minúsculas, número e caractere especial.')}
        {input('confirmPassword', 'Confirmar senha *', { type: 'password', autoComplete: 'new-password', maxLength: PASSWORD_MAX_LENGTH })}
      </fieldset>
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button button--primary button--large" disabled={submitting}>
        {submitting ? 'Cadastrando...' : 'Cadastrar e solicitar a abertura'}
      </button>
      <p className="signup__login">
        Já tem cadastro? <a href={LOGIN_PATH}>Entrar</a>
      </p>
    </form>
  );
}
