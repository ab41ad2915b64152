import type { ReactNode } from 'react';
import { PORTAL_PATHS } from '@veritas/common';
import { NovidadesButton } from '../novidades/NovidadesButton';
import { useOpenDialog } from '../portal/navigation';
import { logout } from './logout';

/** The title (a link to the site), "Novidades" (the client's notices, with the unread count), "Meus dados" (the client's LGPD rights, a dialog of its own address) and Sair. */
export function Header() {
  const open = useOpenDialog();
  return (
    <header className="portal-header">
      <HeaderBar>
        <NovidadesButton />
        <button type="button" className="button button--outline" onClick={() => open(PORTAL_PATHS.meusDados)}>
          Meus dados
        </button>
        <button type="button" className="button button--outline" onClick={() => void logout()}>
          Sair
        </button>
      </HeaderBar>
    </header>
  );
}

/** The header's bar: the title, a link to the site, and `children`, its buttons (also the frame's, PortalShell). */
export function HeaderBar({ children }: { children: ReactNode }) {
  return (
    <div className="container portal-header__bar">
      <a className="portal-header__title" href="/">
        Veritas Assessoria Empresarial
        <span className="portal-header__area">Área do Cliente</span>
      </a>
      <div className="portal-header__acoes">{children}</div>
    </div>
  );
}
