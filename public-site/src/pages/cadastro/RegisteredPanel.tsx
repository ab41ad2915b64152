import { useEffect, useRef, useState } from 'react';

/** Seconds on the success panel before going to /login (§4, §9). */
export const REDIRECT_SECONDS = 5;

export const LOGIN_PATH = '/login';

/** The success panel (§2.9): a 5-second countdown to /login, and a link to go at once. */
export function RegisteredPanel() {
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
