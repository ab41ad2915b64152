export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div>
          <p className="site-footer__brand">Veritas Assessoria Empresarial</p>
          <p className="site-footer__tagline">Aquele que traz a verdade</p>
        </div>
        <nav aria-label="Rodapé">
          <ul className="site-footer__links">
            <li>
              <a href="/nossos-servicos">Serviços</a>
            </li>
            <li>
              <a href="/about-us">Sobre Nós</a>
            </li>
            <li>
              <a href="/faq">FAQ</a>
            </li>
            <li>
              <a href="/fale-conosco">Fale Conosco</a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__note">
        <p>Registro e regularização de empresas perante as Juntas Comerciais.</p>
      </div>
    </footer>
  );
}
