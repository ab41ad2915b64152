import { type FormEvent, useLayoutEffect, useState } from 'react';
import { afterSignIn, forgetSimulatedUserType, PASSWORD_MAX_LENGTH, type Role } from '@veritas/common';
import { hasStoredSession, LOGIN_MESSAGES, resumeStoredSession, signIn } from './authApi';

/**
 * Staff go to the panel, clients to their area (both other apps, so a full page load): back to the
 * address they were sent here from (?next=), when it lies in their own area.
 */
function goToArea(role: Role) {
  window.location.assign(afterSignIn(role, new URLSearchParams(window.location.search).get('next')));
}

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [checkingSession, setCheckingSession] = useState(false);
  // The prerendered form stays disabled until React runs: submitted natively it would put
  // the password in the address bar.
  const [ready, setReady] = useState(false);

  // Runs before the first paint in the browser (never on the server), so a stored session
  // shows 'Autenticando...' instead of flashing the form.
  useLayoutEffect(() => {
    setReady(true);
    const storage = window.localStorage;
    forgetSimulatedUserType(storage);
    if (!hasStoredSession(storage)) return;
    setCheckingSession(true);
    let cancelled = false;
    resumeStoredSession(storage).then((role) => {
      if (cancelled) return;
      if (role) goToArea(role);
      else setCheckingSession(false);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    if (!email.trim() || !password) {
      setError(LOGIN_MESSAGES.emptyFields);
      return;
    }
    setError(null);
    setLoading(true);
    const result = await signIn(email, password);
    if (result.ok) {
      // Stay in the loading state while the browser leaves the page.
      goToArea(result.role);
      return;
    }
    setError(result.message);
    setLoading(false);
  }

  return (
    <section className="auth-page" aria-labelledby="login-title">
      <div className="auth-card">
        <h1 id="login-title" className="auth-card__title">
          Entrar
        </h1>
        {checkingSession ? (
          <p className="auth-card__status" role="status">
            Autenticando...
          </p>
        ) : (
          <>
            <p className="auth-card__intro">Acesse a área do cliente ou o painel da equipe.</p>
            <form className="form" method="post" onSubmit={handleSubmit} noValidate>
              <div className="form__field">
                <label htmlFor="login-email">E-mail</label>
                <input
                  id="login-email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  disabled={loading}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'login-error' : undefined}
                />
              </div>
              <div className="form__field">
                <label htmlFor="login-password">Senha</label>
                <input
                  id="login-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  maxLength={PASSWORD_MAX_LENGTH}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  disabled={loading}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'login-error' : undefined}
                />
              </div>
              {error && (
                <p id="login-error" className="form__error" role="alert">
                  {error}
                </p>
              )}
              <button type="submit" className="button button--primary button--block" disabled={loading || !ready}>
                {loading ? 'Entrando...' : 'Entrar'}
              </button>
            </form>
            <div className="auth-card__links">
              <a href="/recuperar-senha">Esqueceu sua senha?</a>
              <p>
                Ainda não tem cadastro? <a href="/cadastro">Cadastre sua empresa</a>
              </p>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
