import { clearClienteLogout } from '@veritas/common';

function logout() {
  clearClienteLogout(window.localStorage);
  window.location.assign('/login');
}

/** `onMeusDados`: opens "Meus dados" (the client's LGPD rights). */
export function Header({ onMeusDados }: { onMeusDados?: () => void }) {
  return (
    <header className="portal-header">
      <div className="container portal-header__bar">
        <a className="portal-header__title" href="/">
          Veritas Assessoria Empresarial
          <span className="portal-header__area">Área do Cliente</span>
        </a>
        <div className="portal-header__acoes">
          {onMeusDados && (
            <button type="button" className="button button--outline" onClick={onMeusDados}>
              Meus dados
            </button>
          )}
          <button type="button" className="button button--outline" onClick={logout}>
            Sair
          </button>
        </div>
      </div>
    </header>
  );
}
