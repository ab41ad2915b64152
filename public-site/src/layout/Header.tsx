import { firm } from '../firm';

const NAV_LINKS = [
  { href: '/', label: 'Início' },
  { href: '/nossos-servicos', label: 'Serviços' },
  { href: '/about-us', label: 'Sobre Nós' },
  { href: '/faq', label: 'FAQ' },
];

/** The brand's name split for the logo: "Veritas" large, "Assessoria Empresarial" small. */
function brandParts(name: string): [string, string] {
  const [first, ...rest] = name.split(' ');
  return [first, rest.join(' ')];
}

/** Is `href` the current page or a section of it (/servicos/x lights up "Serviços")? */
function isCurrent(href: string, currentPath: string): boolean {
  if (href === '/') return currentPath === '/';
  if (href === '/nossos-servicos') return currentPath === href || currentPath.startsWith('/servicos');
  return currentPath === href;
}

/** The sticky site header (§2.1). Its behaviour is in header-behaviour.ts. */
export function Header({ currentPath }: { currentPath: string }) {
  const [name, sub] = brandParts(firm.brandName);
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <a className="brand" href="/">
          <span className="brand__mark" aria-hidden="true">
            {name.charAt(0)}
          </span>
          <span className="brand__name">{name}</span>
          {sub && <span className="brand__sub">{sub}</span>}
        </a>
        <button type="button" className="nav-toggle" aria-controls="menu-principal" aria-expanded="false" aria-label="Abrir menu">
          <span className="nav-toggle__bar" aria-hidden="true" />
          <span className="nav-toggle__bar" aria-hidden="true" />
          <span className="nav-toggle__bar" aria-hidden="true" />
        </button>
        <nav id="menu-principal" className="site-nav" aria-label="Menu principal">
          <ul className="site-nav__links">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={isCurrent(link.href, currentPath) ? 'page' : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="site-nav__actions">
            <a className="button button--outline" href="/login" aria-current={currentPath === '/login' ? 'page' : undefined}>
              Entrar
            </a>
            <a className="button button--primary" href="/fale-conosco" aria-current={currentPath === '/fale-conosco' ? 'page' : undefined}>
              Fale Conosco
            </a>
          </div>
        </nav>
      </div>
    </header>
  );
}
