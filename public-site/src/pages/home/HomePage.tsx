/** The services of §1, in the order the firm lists them. */
const SERVICES = [
  {
    title: 'Abertura de empresas',
    text: 'Do contrato social ao registro na Junta Comercial, com a inscrição nos órgãos necessários.',
  },
  {
    title: 'Alterações contratuais',
    text: 'Mudança de endereço, de sócios, de capital social ou de atividade, registrada com segurança.',
  },
  {
    title: 'Baixa de empresas',
    text: 'Encerramento regular da empresa, sem pendências esquecidas nos órgãos de registro.',
  },
  {
    title: 'Certidões e documentos',
    text: 'Certidões simplificadas e de inteiro teor, e os documentos de que a sua empresa precisa.',
  },
  {
    title: 'Arquivamento de balanços',
    text: 'Arquivamento de balanços e demonstrações financeiras dentro dos prazos legais.',
  },
  {
    title: 'Consultoria empresarial',
    text: 'Orientação sobre o tipo societário, o enquadramento e os passos de cada registro.',
  },
  {
    title: 'Registro de marcas e patentes',
    text: 'Proteção da sua marca e das suas criações com o registro nos órgãos competentes.',
  },
  {
    title: 'Transformação de tipo societário',
    text: 'Transformação da empresa em outro tipo jurídico, com todos os atos registrados.',
  },
];

export function HomePage() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <h1 id="hero-title" className="hero__title">
            Veritas Assessoria Empresarial
          </h1>
          <p className="hero__tagline">Aquele que traz a verdade</p>
          <p className="hero__lead">
            Cuidamos do registro da sua empresa perante as Juntas Comerciais: da abertura à baixa, com
            clareza em cada etapa e acompanhamento pela área do cliente.
          </p>
          <div className="hero__actions">
            <a className="button button--primary button--large" href="/fale-conosco">
              Fale Conosco
            </a>
            <a className="button button--light button--large" href="/nossos-servicos">
              Conheça nossos serviços
            </a>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="servicos-title">
        <div className="container">
          <h2 id="servicos-title" className="section__title">
            O que fazemos
          </h2>
          <p className="section__intro">
            Uma assessoria completa para os atos de registro empresarial, feita por quem conhece os
            procedimentos das Juntas Comerciais.
          </p>
          <ul className="service-grid">
            {SERVICES.map((service) => (
              <li key={service.title} className="service-card">
                <h3 className="service-card__title">{service.title}</h3>
                <p>{service.text}</p>
              </li>
            ))}
          </ul>
          <p className="section__more">
            <a className="button button--outline" href="/nossos-servicos">
              Ver todos os serviços
            </a>
          </p>
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
    </>
  );
}
