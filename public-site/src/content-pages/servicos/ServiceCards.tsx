import type { Service } from './services';

/** Service cards linking to /servicos/{slug}; `heading` keeps the page's outline in order. */
export function ServiceCards({ services, heading: Heading }: { services: Service[]; heading: 'h2' | 'h3' }) {
  return (
    <ul className="service-grid">
      {services.map((service) => (
        <li key={service.slug} className="service-card">
          <Heading className="service-card__title">{service.title}</Heading>
          <p>{service.short}</p>
          <a className="service-card__link" href={`/servicos/${service.slug}`}>
            Saiba mais<span className="visually-hidden"> sobre {service.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
