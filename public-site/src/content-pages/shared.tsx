import type { ReactNode } from 'react';
import { firm, telHref } from '../firm';

/** The banner at the top of an inner page: its one <h1> and a lead paragraph. */
export function PageHero({ title, lead, eyebrow }: { title: string; lead: ReactNode; eyebrow?: string }) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container">
        {eyebrow && <p className="page-hero__eyebrow">{eyebrow}</p>}
        <h1 id="page-title" className="page-hero__title">
          {title}
        </h1>
        <p className="page-hero__lead">{lead}</p>
      </div>
    </section>
  );
}

export interface CtaLink {
  href: string;
  label: string;
}

/** The closing call to action: the first link is the main one. By default: request, or call. */
export function CtaBand({
  title = 'Vamos cuidar do registro da sua empresa?',
  text = 'Conte o que você precisa: respondemos com os próximos passos, os documentos e o prazo.',
  actions = [
    { href: '/contato', label: 'Solicitar atendimento' },
    { href: telHref(firm.phone), label: `Ligar: ${firm.phone}` },
  ],
}: {
  title?: string;
  text?: string;
  actions?: CtaLink[];
}) {
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div className="container cta-band__inner">
        <div>
          <h2 id="cta-title" className="cta-band__title">
            {title}
          </h2>
          <p>{text}</p>
        </div>
        <div className="cta-band__actions">
          {actions.map((action, index) => (
            <a key={action.href} className={`button button--${index === 0 ? 'gold' : 'light'} button--large`} href={action.href}>
              {action.label}
            </a>
          ))}
        </div>
      </div>
    </section>
  );
}

/** A titled section of an inner page. */
export function Section({
  id,
  title,
  intro,
  accent,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  accent?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`section${accent ? ' section--accent' : ''}`} aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="section__title">
          {title}
        </h2>
        {intro && <p className="section__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
