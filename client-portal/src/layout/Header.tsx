import { clearClienteLogout } from '@veritas/common';

function logout() {
  clearClienteLogout(window.localStorage);
  window.location.assign('/login');
}

export function Header() {
  return (
    <header className="portal-header">
      <div className="container portal-header__bar">
        <a className="portal-header__title" href="/">
          Veritas Assessoria Empresarial
          <span className="portal-header__area">Área do Cliente</span>
        </a>
        <button type="button" className="button button--outline" onClick={logout}>
          Sair
        </button>
      </div>
    </header>
  );
}
