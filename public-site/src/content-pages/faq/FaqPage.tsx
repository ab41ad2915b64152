import { CtaBand, PageHero } from '../shared';
import { FAQ_CATEGORIES, FAQ_QUESTION_COUNT } from './faq-data';
import { FaqList } from './FaqList';

/**
 * /faq (§2.7): category navigation (smooth scroll, in CSS) and questions that open and close
 * independently.
 */
export function FaqPage() {
  return (
    <>
      <PageHero
        eyebrow="FAQ"
        title="Perguntas frequentes"
        lead={`${FAQ_QUESTION_COUNT} respostas sobre abertura, alterações, certidões, balanços e outros atos de registro empresarial.`}
      />
      <div className="container faq-layout">
        <nav className="faq-nav" aria-label="Categorias">
          <h2 className="faq-nav__title">Categorias</h2>
          <ul>
            {FAQ_CATEGORIES.map((category) => (
              <li key={category.id}>
                <a href={`#${category.id}`}>{category.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="faq-categories">
          {FAQ_CATEGORIES.map((category) => (
            <section key={category.id} id={category.id} className="faq-category" aria-labelledby={`${category.id}-title`}>
              <h2 id={`${category.id}-title`} className="faq-category__title">
                {category.title}
              </h2>
              <FaqList items={category.items} />
            </section>
          ))}
        </div>
      </div>
      <CtaBand
        title="Não encontrou a sua pergunta?"
        text="Fale com um especialista: respondemos em até um dia útil."
        actions={[
          { href: '/contato', label: 'Enviar pergunta' },
          { href: '/fale-conosco', label: 'Fale Conosco' },
        ]}
      />
    </>
  );
}
