import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_SUBJECTS,
  type ContactErrors,
  type ContactField,
  type ContactFormValues,
  EMPTY_CONTACT_FORM,
  maskPhone,
  validateContactForm,
} from '@veritas/common';
import { callApi } from '../api';
import '../forms.css';
import './contact-form.css';

/** How long the success message stays (spec §4, §9). */
export const CONTACT_SUCCESS_MS = 5000;

const FIELD_ORDER: ContactField[] = ['nome', 'email', 'telefone', 'empresa', 'assunto', 'mensagem', 'aceiteTermos'];

/**
 * The contact form of spec §3.2: validated here with the shared rules, then sent to
 * POST /api/contato, which stores it and delivers it to the firm's inbox. Self-contained
 * (no props) so any page can place it.
 */
export default function ContactForm() {
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Bots fill every field; people never see this one.
  const [honeypot, setHoneypot] = useState('');
  // The prerendered form cannot send anything without JavaScript: keep its button off until React runs.
  const [ready, setReady] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (!sent) return;
    // Brings the confirmation into view (the button may be far below it on a phone).
    successRef.current?.focus();
    const timer = window.setTimeout(() => setSent(false), CONTACT_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  function update<K extends ContactField>(field: K, value: ContactFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    // An error is about what was typed before; editing the field clears it (spec §5).
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  const onText = (field: Exclude<ContactField, 'aceiteTermos'>) =>
    (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      update(field, field === 'telefone' ? maskPhone(e.target.value) : e.target.value);

  function focusFirstError(found: ContactErrors) {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    // A new attempt: the previous confirmation (and its 5-second timer) goes.
    setSent(false);
    const found = validateContactForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setSending(true);
    const result = await callApi('/api/contato', CONTACT_MESSAGES.failure, { body: { ...values, website: honeypot } });
    setSending(false);
    if (result.ok) {
      setValues(EMPTY_CONTACT_FORM);
      setErrors({});
      setSent(true);
      return;
    }
    setFailure(result.message);
  }

  const describe = (field: ContactField) => (errors[field] ? `contato-${field}-erro` : undefined);
  const fieldError = (field: ContactField) =>
    errors[field] ? (
      <span id={`contato-${field}-erro`} className="field-error">
        {errors[field]}
      </span>
    ) : null;
  const textProps = (field: Exclude<ContactField, 'aceiteTermos'>) => ({
    id: `contato-${field}`,
    name: field,
    value: values[field],
    onChange: onText(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describe(field),
  });

  return (
    <form ref={formRef} className="contact-form" method="post" noValidate onSubmit={handleSubmit}>
      <div role="status">
        {sent && (
          <p ref={successRef} className="form-success" tabIndex={-1}>
            {CONTACT_MESSAGES.success}
          </p>
        )}
      </div>
      <div className="contact-form__row">
        <div className="form__field">
          <label htmlFor="contato-nome">Nome *</label>
          <input type="text" autoComplete="name" maxLength={CONTACT_LIMITS.nome} {...textProps('nome')} />
          {fieldError('nome')}
        </div>
        <div className="form__field">
          <label htmlFor="contato-email">E-mail *</label>
          <input
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={CONTACT_LIMITS.email}
            {...textProps('email')}
          />
          {fieldError('email')}
        </div>
      </div>
      <div className="contact-form__row">
        <div className="form__field">
          <label htmlFor="contato-telefone">Telefone *</label>
          <input
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="(00) 00000-0000"
            maxLength={CONTACT_LIMITS.telefone}
            {...textProps('telefone')}
          />
          {fieldError('telefone')}
        </div>
        <div className="form__field">
          <label htmlFor="contato-empresa">Empresa (opcional)</label>
          <input type="text" autoComplete="organization" maxLength={CONTACT_LIMITS.empresa} {...textProps('empresa')} />
          {fieldError('empresa')}
        </div>
      </div>
      <div className="form__field">
        <label htmlFor="contato-assunto">Assunto *</label>
        <select {...textProps('assunto')}>
          <option value="">Selecione um assunto</option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {subject}
            </option>
          ))}
        </select>
        {fieldError('assunto')}
      </div>
      <div className="form__field">
        <label htmlFor="contato-mensagem">Mensagem *</label>
        <textarea rows={6} maxLength={CONTACT_LIMITS.mensagem} {...textProps('mensagem')} />
        {fieldError('mensagem')}
      </div>
      <div className="contact-form__honeypot" aria-hidden="true">
        <label htmlFor="contato-website">Não preencha este campo</label>
        <input
          id="contato-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.target.value)}
        />
      </div>
      <div className="contact-form__consent">
        <input
          id="contato-aceiteTermos"
          name="aceiteTermos"
          type="checkbox"
          checked={values.aceiteTermos}
          onChange={(e) => update('aceiteTermos', e.target.checked)}
          aria-invalid={errors.aceiteTermos ? true : undefined}
          aria-describedby={describe('aceiteTermos')}
        />
        <label htmlFor="contato-aceiteTermos">
          Li e aceito os <a href="/termos">termos de uso</a> e a <a href="/privacidade">política de privacidade</a>,
          e autorizo o uso dos meus dados para responder a este contato.
        </label>
      </div>
      {fieldError('aceiteTermos')}
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={sending || !ready}>
        {sending ? 'Enviando...' : 'Enviar mensagem'}
      </button>
    </form>
  );
}
