import { TABS } from '../portal/portalTabs';
import { HeaderBar } from './Header';

/**
 * The client area's frame before it knows who is there (ADR 0059): the header and the tabs as the
 * app draws them, and "Carregando..." in the panel. The build writes it into index.html (so the
 * first paint needs no script, scripts/prerender-shell.mjs) and RequireCliente shows it while the
 * session is checked, so nothing moves when the app takes over. Its header and tabs are pictures of
 * the real ones: hidden from assistive technology and inert until the app replaces them; the status
 * is what a screen reader hears.
 */
export function PortalShell() {
  return (
    <div className="portal">
      <header className="portal-header" aria-hidden="true" inert>
        <HeaderBar>
          <button type="button" className="button button--outline novidades-botao">
            Novidades
          </button>
          <button type="button" className="button button--outline">
            Meus dados
          </button>
          <button type="button" className="button button--outline">
            Sair
          </button>
        </HeaderBar>
      </header>
      <main className="container portal-main">
        <div className="tabs" aria-hidden="true" inert>
          {TABS.map((tab) => (
            <a key={tab.key} href={tab.path} className="tabs__tab tabs__tab--link">
              {tab.label}
            </a>
          ))}
        </div>
        <div className="tab-panel">
          <h1 className="visually-hidden">Área do Cliente</h1>
          <p className="loading" role="status">
            Carregando...
          </p>
        </div>
      </main>
    </div>
  );
}
