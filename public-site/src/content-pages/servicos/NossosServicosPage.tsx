import { prazoServico } from '@veritas/common';
import { firm, telHref } from '../../firm';
import { CtaBand, PageHero } from '../shared';
import { FaqList } from '../faq/FaqList';
import { capitalize, servicesInPageOrder } from './services';

/** The four short questions of §2.4; the whole FAQ is at /faq. */
const SHORT_FAQ = [
  {
    question: 'Quanto tempo leva para abrir uma empresa?',
    answer: `Em geral ${prazoServico('abertura-empresas')}, conforme a Junta Comercial e o município.`,
  },
  {
    question: 'Preciso ir pessoalmente à Junta Comercial?',
    answer: 'Não. Fazemos os protocolos pela internet; você só assina os documentos, em geral com assinatura digital.',
  },
  {
    question: 'Quanto tempo leva uma alteração contratual simples?',
    answer: `${capitalize(prazoServico('alteracoes-contratuais'))} depois da assinatura da alteração.`,
  },
  {
    question: 'Como acompanho o meu pedido?',
    answer: 'Pela área do cliente, com o protocolo, o status e os documentos de cada pedido.',
  },
];

/** /nossos-servicos (§2.4): one block per service, each at its anchor, with a request button. */
export function NossosServicosPage() {
  const services = servicesInPageOrder();
  return (
    <>
      <PageHero
        eyebrow="Serviços"
        title="Nossos serviços"
        lead="Tudo o que a sua empresa precisa registrar na Junta Comercial e nos demais órgãos, com prazos e documentos informados antes de começar."
      />
      <nav className="container toc" aria-label="Serviços nesta página">
        <ul>
          {services.map((service) => (
            <li key={service.slug}>
              <a href={`#${service.slug}`}>{service.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="container service-blocks">
        {services.map((service) => (
          <section key={service.slug} id={service.slug} className="service-block" aria-labelledby={`${service.slug}-title`}>
            <h2 id={`${service.slug}-title`} className="service-block__title">
              {service.title}
            </h2>
            <p className="service-block__lead">{service.about[0]}</p>
            <div className="service-block__columns">
              <div>
                <h3>O que fazemos</h3>
                <ul className="check-list">
                  {service.includes.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
              <div>
                <h3>Prazo típico</h3>
                <p>{service.time}</p>
                <h3>Documentos</h3>
                <p>{service.documents.slice(0, 3).join('; ')}.</p>
              </div>
            </div>
            <p className="service-block__actions">
              <a className="button button--primary" href="/contato">
                Solicitar<span className="visually-hidden"> {service.title}</span>
              </a>
              <a className="button button--outline" href={`/servicos/${service.slug}`}>
                Saiba mais<span className="visually-hidden"> sobre {service.title}</span>
              </a>
            </p>
          </section>
        ))}
      </div>

      <section className="section section--accent" aria-labelledby="duvidas-title">
        <div className="container">
          <h2 id="duvidas-title" className="section__title">
            Dúvidas frequentes
          </h2>
          <FaqList items={SHORT_FAQ} />
          <p className="section__more">
            <a className="button button--outline" href="/faq">
              Ver todas as perguntas frequentes
            </a>
          </p>
        </div>
      </section>

      <CtaBand
        title="Prefere conversar?"
        text={`Ligue para ${firm.phone}: um especialista explica o caminho para o seu caso.`}
        actions={[
          { href: telHref(firm.phone), label: 'Ligar agora' },
          { href: '/contato', label: 'Enviar mensagem' },
        ]}
      />
    </>
  );
}
