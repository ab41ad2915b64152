import { SERVICES } from '../content-pages/servicos/services';
import { firm, fullAddress, mailHref, telHref } from '../firm';
import { FacebookIcon, InstagramIcon, LinkedinIcon } from './icons';

const INSTITUTIONAL_LINKS = [
  { href: '/nossos-servicos', label: 'Nossos serviços' },
  { href: '/about-us', label: 'Sobre nós' },
  { href: '/blog', label: 'Blog' },
  { href: '/faq', label: 'Perguntas frequentes' },
  { href: '/contato', label: 'Contato' },
  { href: '/termos', label: 'Termos de uso' },
  { href: '/privacidade', label: 'Política de privacidade' },
];

function LinkColumn({ id, title, links }: { id: string; title: string; links: { href: string; label: string }[] }) {
  return (
    <nav className="site-footer__col" aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {title}
      </h2>
      <ul className="site-footer__links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The four-column footer of §2.1 (two columns on narrow screens, one on very narrow ones). */
export function Footer() {
  const social = [
    { href: firm.instagram, label: 'Instagram', Icon: InstagramIcon },
    { href: firm.linkedin, label: 'LinkedIn', Icon: LinkedinIcon },
    { href: firm.facebook, label: 'Facebook', Icon: FacebookIcon },
  ].filter((link) => link.href);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__col" aria-labelledby="rodape-marca">
          <h2 id="rodape-marca" className="site-footer__brand">
            {firm.brandName}
          </h2>
          <p className="site-footer__tagline">{firm.tagline}</p>
          <p>Registro e regularização de empresas perante as Juntas Comerciais.</p>
          <ul className="social-links">
            {social.map(({ href, label, Icon }) => (
              <li key={label}>
                <a href={href} rel="noopener" aria-label={`${label} da ${firm.brandName}`}>
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <LinkColumn id="rodape-servicos" title="Serviços" links={SERVICES.map((s) => ({ href: `/servicos/${s.slug}`, label: s.title }))} />
        <LinkColumn id="rodape-institucional" title="Institucional" links={INSTITUTIONAL_LINKS} />
        <section className="site-footer__col" aria-labelledby="rodape-contato">
          <h2 id="rodape-contato" className="site-footer__heading">
            Contato
          </h2>
          <address className="site-footer__contact">
            <p>{fullAddress()}</p>
            <p>
              <a href={telHref(firm.phone)}>{firm.phone}</a>
              {firm.phone2 && (
                <>
                  {' · '}
                  <a href={telHref(firm.phone2)}>{firm.phone2}</a>
                </>
              )}
            </p>
            <p>
              <a href={mailHref(firm.email)}>{firm.email}</a>
            </p>
          </address>
          <p className="site-footer__hours">
            {firm.hoursWeekdays}
            <br />
            {firm.hoursSaturday}
          </p>
        </section>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {new Date().getFullYear()} {firm.brandName}. Todos os direitos reservados.
        </p>
        <a href="#topo" className="site-footer__top">
          Voltar ao topo
        </a>
      </div>
    </footer>
  );
}
