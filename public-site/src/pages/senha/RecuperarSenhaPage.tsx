import { type FormEvent, useEffect, useState } from 'react';
import { isValidEmail, type MessageResponse } from '@veritas/common';
import { callApi } from '../api';
import '../forms.css';

const MESSAGES = {
  required: 'Informe o seu e-mail.',
  invalid: 'E-mail inválido',
  failure: 'Não foi possível enviar o pedido agora. Tente novamente em alguns minutos.',
} as const;

/**
 * /recuperar-senha: asks for a recovery link, for staff and clients alike. The answer is the same
 * whether or not the e-mail is registered.
 */
export function RecuperarSenhaPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => setReady(true), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const value = email.trim();
    if (!value || !isValidEmail(value)) {
      setError(value ? MESSAGES.invalid : MESSAGES.required);
      return;
    }
    setError(null);
    setSending(true);
    const result = await callApi<MessageResponse>('/api/auth/forgot-password', MESSAGES.failure, { body: { email: value } });
    setSending(false);
    if (result.ok) setAnswer(result.body.message);
    else setError(result.message);
  }

  return (
    <section className="auth-page" aria-labelledby="recuperar-title">
      <div className="auth-card">
        <h1 id="recuperar-title" className="auth-card__title">
          Recuperar senha
        </h1>
        <div role="status">{answer && <p className="form-success">{answer}</p>}</div>
        {answer ? (
          <p className="auth-card__intro">Confira a sua caixa de entrada (e a pasta de spam). Não recebeu? Peça de novo em alguns minutos.</p>
        ) : (
          <>
            <p className="auth-card__intro">Informe o e-mail com que você entra no site. Enviaremos um link para você escolher uma nova senha.</p>
            <form className="form" method="post" noValidate onSubmit={handleSubmit}>
              <div className="form__field">
                <label htmlFor="recuperar-email">E-mail</label>
                <input
                  id="recuperar-email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    setError(null);
                  }}
                  disabled={sending}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'recuperar-erro' : undefined}
                />
              </div>
              {error && (
                <p id="recuperar-erro" className="form__error" role="alert">
                  {error}
                </p>
              )}
              <button type="submit" className="button button--primary button--block" disabled={sending || !ready}>
                {sending ? 'Enviando...' : 'Enviar link'}
              </button>
            </form>
          </>
        )}
        <div className="auth-card__links">
          <a href="/login">Voltar para o login</a>
        </div>
      </div>
    </section>
  );
}
