import { PORTAL_PATHS } from '@veritas/common';
import { NovidadesButton } from '../novidades/NovidadesButton';
import { useOpenDialog } from '../portal/navigation';
import { logout } from './logout';

/** The title (a link to the site), "Novidades" (the client's notices, with the unread count), "Meus dados" (the client's LGPD rights, a dialog of its own address) and Sair. */
export function Header() {
  const open = useOpenDialog();
  return (
    <header className="portal-header">
      <div className="container portal-header__bar">
        <a className="portal-header__title" href="/">
          Veritas Assessoria Empresarial
          <span className="portal-header__area">Área do Cliente</span>
        </a>
        <div className="portal-header__acoes">
          <NovidadesButton />
          <button type="button" className="button button--outline" onClick={() => open(PORTAL_PATHS.meusDados)}>
            Meus dados
          </button>
          <button type="button" className="button button--outline" onClick={() => void logout()}>
            Sair
          </button>
        </div>
      </div>
    </header>
  );
}
