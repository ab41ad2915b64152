import { firm, telHref, whatsappHref } from '../../firm';
import { CtaBand, PageHero } from '../shared';
import { ServiceCards } from './ServiceCards';
import { SERVICES, type Service } from './services';

/** How a service is requested: the same four steps for every service. */
const HOW_TO_REQUEST = [
  'Envie sua solicitação pelo formulário de contato, por telefone ou pelo WhatsApp, contando o que precisa.',
  'Respondemos com o orçamento, a lista de documentos e o prazo estimado para o seu caso.',
  'Você envia os documentos e assina o que for preciso, em geral com assinatura digital.',
  'Protocolamos, respondemos às exigências e entregamos tudo registrado; o andamento fica na área do cliente.',
];

/** /servicos: every service, with a link to its page. */
export function ServicosIndexPage() {
  return (
    <>
      <PageHero
        eyebrow="Serviços"
        title="Serviços de registro empresarial"
        lead="Escolha um serviço para ver o que ele inclui, os documentos necessários, o prazo típico e como solicitar."
      />
      <section className="section" aria-label="Lista de serviços">
        <div className="container">
          <ServiceCards services={SERVICES} heading="h2" />
          <p className="section__more">
            <a className="button button--outline" href="/nossos-servicos">
              Todos os serviços em uma página
            </a>
          </p>
        </div>
      </section>
      <CtaBand />
    </>
  );
}

/** /servicos/{slug}: what the service is, documents, typical time and how to request it. */
export function ServiceDetail({ service }: { service: Service }) {
  const others = SERVICES.filter((other) => other.slug !== service.slug);
  return (
    <>
      <PageHero eyebrow="Serviços" title={service.title} lead={service.short} />
      <div className="container article-layout">
        <article className="prose">
          <h2>O que é</h2>
          {service.about.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <h2>O que fazemos por você</h2>
          <ul className="check-list">
            {service.includes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <h2>Documentos necessários</h2>
          <ul>
            {service.documents.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="note">A lista final depende do caso: confirmamos os documentos antes de começar.</p>
          <h2>Prazo típico</h2>
          <p>{service.time}</p>
          <h2>Como solicitar</h2>
          <ol className="steps">
            {HOW_TO_REQUEST.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="actions">
            <a className="button button--primary" href="/contato">
              Solicitar este serviço
            </a>
            <a className="button button--outline" href={telHref(firm.phone)}>
              Ligar: {firm.phone}
            </a>
            <a className="button button--outline" href={whatsappHref(firm.whatsapp, `Olá! Gostaria de falar sobre ${service.title}.`)}>
              WhatsApp
            </a>
          </p>
        </article>
        <aside className="sidebar" aria-labelledby="outros-servicos">
          <h2 id="outros-servicos" className="sidebar__title">
            Outros serviços
          </h2>
          <ul>
            {others.map((other) => (
              <li key={other.slug}>
                <a href={`/servicos/${other.slug}`}>{other.title}</a>
              </li>
            ))}
          </ul>
          <p>
            <a href={`/nossos-servicos#${service.slug}`}>Ver na página de serviços</a>
          </p>
          <p>
            <a href="/faq">Perguntas frequentes</a>
          </p>
        </aside>
      </div>
    </>
  );
}

/** A page component per service (routes take components without props). */
export function servicePage(service: Service) {
  const Page = () => <ServiceDetail service={service} />;
  Page.displayName = `ServicePage(${service.slug})`;
  return Page;
}
