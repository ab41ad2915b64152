import { firm, fullAddress, mailHref, telHref, whatsappHref } from '../../firm';
import { Island } from '../../islands';
import { WhatsappIcon } from '../../layout/icons';
import ContactForm from '../../pages/contato/ContactForm';
import { PageHero } from '../shared';

/** The map opens at the provider only when the visitor asks: the page itself loads nothing from it. */
function mapHref(): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(fullAddress())}`;
}

/** A drawn street map with a pin: an illustration, not a third-party map. */
function MapIllustration() {
  return (
    <svg className="map-card__art" viewBox="0 0 320 160" role="img" aria-label={`Ilustração do mapa: ${firm.address}`}>
      <rect className="map-card__ground" width="320" height="160" />
      <path className="map-card__street" d="M0 60h320M0 118h320M70 0v160M190 0v160M262 0v160" strokeWidth="12" />
      <path className="map-card__street" d="M0 20l320 110" strokeWidth="7" />
      <rect className="map-card__block" x="86" y="74" width="88" height="30" rx="3" />
      <rect className="map-card__block" x="206" y="8" width="42" height="40" rx="3" />
      <path className="map-card__pin" d="M160 38c-13 0-23 10-23 23 0 17 23 42 23 42s23-25 23-42c0-13-10-23-23-23z" />
      <circle className="map-card__pin-dot" cx="160" cy="61" r="8" />
    </svg>
  );
}

/**
 * /contato and /fale-conosco (§2.5): how to reach the firm, the contact form (an island: the only
 * script on the page) and the urgent-contact buttons.
 */
export function ContactPage() {
  return (
    <>
      <PageHero eyebrow="Contato" title="Fale Conosco" lead="Tire suas dúvidas ou solicite um serviço: respondemos em até um dia útil." />
      <div className="container contact-layout">
        <section className="contact-form-card" aria-labelledby="formulario-title">
          <h2 id="formulario-title">Envie sua mensagem</h2>
          <p className="muted">Os campos obrigatórios estão indicados. Usamos seus dados só para responder ao seu contato.</p>
          <Island component={ContactForm} />
        </section>

        <aside className="contact-info" aria-label="Informações de contato">
          <section className="info-card" aria-labelledby="endereco-title">
            <h2 id="endereco-title">Endereço</h2>
            <address>
              {firm.address}
              <br />
              {firm.city} - {firm.state}, CEP {firm.cep}
            </address>
          </section>
          <section className="info-card" aria-labelledby="telefones-title">
            <h2 id="telefones-title">Telefones</h2>
            <ul className="plain-list">
              <li>
                <a href={telHref(firm.phone)}>{firm.phone}</a>
              </li>
              {firm.phone2 && (
                <li>
                  <a href={telHref(firm.phone2)}>{firm.phone2}</a>
                </li>
              )}
              <li>
                WhatsApp: <a href={whatsappHref(firm.whatsapp)}>{firm.whatsapp}</a>
              </li>
            </ul>
          </section>
          <section className="info-card" aria-labelledby="emails-title">
            <h2 id="emails-title">E-mails</h2>
            <ul className="plain-list">
              <li>
                <a href={mailHref(firm.email)}>{firm.email}</a>
              </li>
              <li>
                Urgências: <a href={mailHref(firm.priorityEmail)}>{firm.priorityEmail}</a>
              </li>
            </ul>
          </section>
          <section className="info-card" aria-labelledby="horario-title">
            <h2 id="horario-title">Horário de atendimento</h2>
            <ul className="plain-list">
              <li>{firm.hoursWeekdays}</li>
              <li>{firm.hoursSaturday}</li>
            </ul>
          </section>
        </aside>
      </div>

      <section className="section section--accent" aria-labelledby="urgente-title">
        <div className="container urgent">
          <div>
            <h2 id="urgente-title" className="section__title">
              Atendimento urgente
            </h2>
            <p>Prazo vencendo ou exigência da Junta para responder? Fale direto com a nossa equipe.</p>
          </div>
          <div className="urgent__actions">
            <a className="button button--whatsapp button--large" href={whatsappHref(firm.whatsapp, 'Olá! Preciso de um atendimento urgente.')}>
              <WhatsappIcon /> WhatsApp
            </a>
            <a className="button button--primary button--large" href={mailHref(firm.priorityEmail, 'Atendimento urgente')}>
              E-mail prioritário
            </a>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="mapa-title">
        <div className="container">
          <h2 id="mapa-title" className="section__title">
            Como chegar
          </h2>
          <div className="map-card">
            <MapIllustration />
            <div className="map-card__text">
              <p>{fullAddress()}</p>
              <p>
                <a className="button button--outline" href={mapHref()} target="_blank" rel="noopener noreferrer">
                  Abrir no mapa<span className="visually-hidden"> (OpenStreetMap, em nova aba)</span>
                </a>
              </p>
              <p className="muted">O mapa abre no site do OpenStreetMap, em nova aba, só quando você clicar.</p>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
