import type { FaqItem } from './faq-data';

/**
 * Questions that open and close independently: native <details>, so they work without JavaScript
 * and with any assistive technology.
 */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="faq-list">
      {items.map((item) => (
        <details key={item.question} className="faq-item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
