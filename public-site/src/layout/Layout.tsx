import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout({ currentPath, children }: { currentPath: string; children: ReactNode }) {
  return (
    <div className="site" id="topo">
      <a className="skip-link" href="#conteudo">
        Ir para o conteúdo
      </a>
      <Header currentPath={currentPath} />
      <main id="conteudo" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
