import { firm } from '../../firm';
import { CtaBand, PageHero, Section } from '../shared';
import { DIFFERENTIATORS, TEAM, TESTIMONIALS } from './about-content';

const initials = (name: string) =>
  name
    .split(' ')
    .filter((part) => part.length > 2)
    .map((part) => part.charAt(0))
    .slice(0, 2)
    .join('');

/** /about-us (§2.6): story, mission, vision, values, team, differentiators, testimonials. */
export function AboutPage() {
  const shortName = firm.brandName.split(' ')[0];
  return (
    <>
      <PageHero eyebrow="Sobre nós" title={`Sobre a ${firm.brandName}`} lead={`${firm.tagline}: informação correta, prazos honestos e documentos em ordem.`} />

      <Section id="historia" title="Nossa história">
        <div className="prose">
          <p>
            A {shortName} nasceu da experiência de profissionais que passaram anos do outro lado do balcão, acompanhando
            empresários perdidos entre formulários, exigências e prazos das Juntas Comerciais. Vimos empresas deixarem de
            assinar contratos por falta de uma certidão e sócios descobrirem, tarde demais, que uma alteração nunca tinha
            sido registrada.
          </p>
          <p>
            Decidimos fazer diferente: uma assessoria dedicada só ao registro empresarial, que explica cada passo antes de
            dá-lo e entrega tudo registrado. O nome vem do latim <em>veritas</em>, a verdade — daí o nosso lema,{' '}
            <em>{firm.tagline.toLowerCase()}</em>.
          </p>
          <p>
            Hoje atendemos empresas de todos os portes, em todos os estados, com uma área do cliente onde cada pedido pode
            ser acompanhado do protocolo ao registro.
          </p>
        </div>
      </Section>

      <section className="section section--accent" aria-label="Missão, visão e valores">
        <div className="container pillars">
          <div className="pillar">
            <h2>Missão</h2>
            <p>Manter a vida registral das empresas em ordem, com segurança jurídica, clareza e agilidade.</p>
          </div>
          <div className="pillar">
            <h2>Visão</h2>
            <p>Ser a assessoria de registro empresarial em que os empresários mais confiam, pela verdade no que dizemos.</p>
          </div>
          <div className="pillar">
            <h2>Valores</h2>
            <ul>
              <li>Verdade e transparência</li>
              <li>Rigor técnico</li>
              <li>Respeito aos prazos</li>
              <li>Sigilo e proteção de dados</li>
            </ul>
          </div>
        </div>
      </section>

      <Section id="equipe" title="Nossa equipe">
        <ul className="team-grid">
          {TEAM.map((person) => (
            <li key={person.name} className="team-card">
              <span className="team-card__avatar" aria-hidden="true">
                {initials(person.name)}
              </span>
              <h3 className="team-card__name">{person.name}</h3>
              <p className="team-card__role">{person.role}</p>
              <p>{person.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="diferenciais" title="Nossos diferenciais" accent>
        <ul className="reason-grid reason-grid--three">
          {DIFFERENTIATORS.map((item) => (
            <li key={item.title} className="reason">
              <h3 className="reason__title">{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="depoimentos" title="O que dizem nossos clientes">
        <ul className="testimonials">
          {TESTIMONIALS.map((item) => (
            <li key={item.author}>
              <figure className="testimonial">
                <blockquote>
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption>
                  <strong>{item.author}</strong>, {item.company}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand
        title="Vamos conversar sobre a sua empresa?"
        text="Conte o que você precisa ou conheça todos os nossos serviços."
        actions={[
          { href: '/contato', label: 'Fale com a gente' },
          { href: '/servicos', label: 'Ver serviços' },
        ]}
      />
    </>
  );
}
