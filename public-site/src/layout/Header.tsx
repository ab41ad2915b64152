import { useEffect, useState } from 'react';

/** Scrolling past this many pixels strengthens the sticky header's shadow (§9). */
const SHADOW_THRESHOLD_PX = 50;

const NAV_LINKS = [
  { href: '/', label: 'Início' },
  { href: '/nossos-servicos', label: 'Serviços' },
  { href: '/about-us', label: 'Sobre Nós' },
  { href: '/faq', label: 'FAQ' },
];

export function Header({ currentPath }: { currentPath: string }) {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SHADOW_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  const headerClass = `site-header${scrolled ? ' site-header--scrolled' : ''}`;
  return (
    <header className={headerClass}>
      <div className="container site-header__bar">
        <a className="brand" href="/">
          <span className="brand__mark" aria-hidden="true">
            V
          </span>
          <span className="brand__name">Veritas</span>
          <span className="brand__sub">Assessoria Empresarial</span>
        </a>
        <button
          type="button"
          className="nav-toggle"
          aria-controls="menu-principal"
          aria-expanded={menuOpen}
          aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="nav-toggle__bar" aria-hidden="true" />
          <span className="nav-toggle__bar" aria-hidden="true" />
          <span className="nav-toggle__bar" aria-hidden="true" />
        </button>
        <nav
          id="menu-principal"
          className={`site-nav${menuOpen ? ' site-nav--open' : ''}`}
          aria-label="Menu principal"
        >
          <ul className="site-nav__links">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={link.href === currentPath ? 'page' : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="site-nav__actions">
            <a className="button button--outline" href="/login" aria-current={currentPath === '/login' ? 'page' : undefined}>
              Entrar
            </a>
            <a className="button button--primary" href="/fale-conosco">
              Fale Conosco
            </a>
          </div>
        </nav>
      </div>
    </header>
  );
}
