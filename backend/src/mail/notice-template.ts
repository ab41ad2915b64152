import { escapeHtml } from './mail-html';

export interface ClienteNotice {
  brandName: string;
  /** The client company's name, for the greeting. */
  nome: string;
  /** The body, one paragraph each (plain text; escaped in the HTML part). */
  paragraphs: string[];
  /** The absolute address of the exact portal screen (portalLink). */
  link: string;
  /** What the link opens, after "Veja" ("o registro 2026-000001", "a cobrança"). */
  linkLabel: string;
}

/**
 * The one shape of a notice to a client (issue 53): greeting, paragraphs, the link to the exact
 * screen and the firm's name, as plain text and as HTML (every value escaped).
 */
export function clienteNotice(n: ClienteNotice): { text: string; html: string } {
  const all = [`Olá, ${n.nome}.`, ...n.paragraphs];
  const text = [...all.flatMap((p) => [p, '']), `Veja ${n.linkLabel} na área do cliente: ${n.link}`, '', n.brandName].join('\n');
  const html = [
    ...all.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>Veja <a href="${escapeHtml(n.link)}">${escapeHtml(n.linkLabel)}</a> na área do cliente.</p>`,
    `<p>${escapeHtml(n.brandName)}</p>`,
  ].join('\n');
  return { text, html };
}
