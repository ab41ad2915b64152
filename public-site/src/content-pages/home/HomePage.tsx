import { firm } from '../../firm';
import { ServiceCards } from '../servicos/ServiceCards';
import { SERVICES, homeServices } from '../servicos/services';
import { CtaBand } from '../shared';

/** Why-choose-us (§2.3). */
const REASONS = [
  {
    title: 'Especialistas em Juntas Comerciais',
    text: 'Registro empresarial é o nosso único assunto: conhecemos as exigências de cada Junta e evitamos retrabalho.',
  },
  {
    title: 'Prazos informados antes',
    text: 'Você sabe desde o início quanto tempo cada etapa costuma levar e quais documentos serão pedidos.',
  },
  {
    title: 'Acompanhamento on-line',
    text: 'Protocolos, status e documentos de cada pedido ficam na área do cliente, disponíveis a qualquer hora.',
  },
  {
    title: 'Atendimento de pessoa para pessoa',
    text: 'Um especialista responde às suas dúvidas por telefone, WhatsApp ou e-mail, em linguagem clara.',
  },
];

export function HomePage() {
  return (
    <>
      {/* Not a named region: the footer's region already bears the firm's name (axe landmark-unique); the h1 heads the page. */}
      <section className="hero">
        <div className="container hero__inner">
          <h1 id="hero-title" className="hero__title">
            {firm.brandName}
          </h1>
          <p className="hero__tagline">{firm.tagline}</p>
          <p className="hero__lead">
            Cuidamos do registro da sua empresa perante as Juntas Comerciais: da abertura à baixa, com clareza em cada
            etapa e acompanhamento pela área do cliente.
          </p>
          <div className="hero__actions">
            <a className="button button--gold button--large" href="/fale-conosco">
              Fale Conosco
            </a>
            <a className="button button--light button--large" href="/nossos-servicos">
              Conheça nossos serviços
            </a>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="sobre-title">
        <div className="container split">
          <div>
            <h2 id="sobre-title" className="section__title">
              Quem somos
            </h2>
            <p>
              Somos uma assessoria dedicada ao registro empresarial. Preparamos, protocolamos e acompanhamos os atos de
              empresas de todos os portes nas Juntas Comerciais, na Receita Federal e nos órgãos estaduais e municipais.
            </p>
            <p>
              Nosso nome vem do latim: <em>veritas</em>, a verdade. É o nosso compromisso com cada cliente — informação
              correta, prazos honestos e documentos em ordem.
            </p>
            <p>
              <a href="/about-us">Conheça a nossa história</a>
            </p>
          </div>
          <ul className="figures" aria-label="Em resumo">
            <li>
              <strong>27</strong> Juntas Comerciais atendidas, em todos os estados
            </li>
            <li>
              <strong>{SERVICES.length}</strong> serviços de registro, da abertura à baixa
            </li>
            <li>
              <strong>1</strong> área do cliente para acompanhar cada pedido
            </li>
          </ul>
        </div>
      </section>

      <section className="section section--accent" aria-labelledby="servicos-title">
        <div className="container">
          <h2 id="servicos-title" className="section__title">
            Nossos serviços
          </h2>
          <p className="section__intro">
            Uma assessoria completa para os atos de registro empresarial, feita por quem conhece os procedimentos das
            Juntas Comerciais.
          </p>
          <ServiceCards services={homeServices()} heading="h3" />
          <p className="section__more">
            <a className="button button--outline" href="/nossos-servicos">
              Ver todos os serviços
            </a>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="porque-title">
        <div className="container">
          <h2 id="porque-title" className="section__title">
            Por que escolher a {firm.brandName.split(' ')[0]}
          </h2>
          <ul className="reason-grid">
            {REASONS.map((reason) => (
              <li key={reason.title} className="reason">
                <h3 className="reason__title">{reason.title}</h3>
                <p>{reason.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--accent" aria-labelledby="cliente-title">
        <div className="container cta">
          <div>
            <h2 id="cliente-title" className="section__title">
              Já é nosso cliente?
            </h2>
            <p>Entre na área do cliente para acompanhar seus registros e solicitações.</p>
          </div>
          <div className="cta__actions">
            <a className="button button--primary" href="/login">
              Entrar
            </a>
            <a className="button button--outline" href="/cadastro">
              Cadastrar minha empresa
            </a>
          </div>
        </div>
      </section>

      <CtaBand
        title="Pronto para regularizar ou abrir sua empresa?"
        text="Fale com um especialista: a primeira conversa é sem compromisso."
        actions={[
          { href: '/contato', label: 'Solicitar atendimento' },
          { href: '/fale-conosco', label: 'Fale Conosco' },
        ]}
      />
    </>
  );
}
