import { escapeHtml } from '../mail';

/** A one-time link mailed to a person: the reset link, the recovery e-mail's confirmation. */
export interface LinkMail {
  brand: string;
  /** The person's name, for the greeting. */
  nome: string;
  /** Why the mail came (plain text). */
  intro: string;
  /** The HTML link's words ("Redefinir minha senha"). */
  button: string;
  /** The plain-text lead-in before the address ("Para confirmar, abra:"). */
  cue: string;
  link: string;
  /** How long it lasts and what to do if it was not you. */
  closing: string;
}

/** The one shape of a link mail, as plain text and as HTML (every value escaped). */
export function linkMail(m: LinkMail): { html: string; text: string } {
  const e = escapeHtml;
  return {
    html: [
      `<p>Olá, ${e(m.nome)}!</p>`,
      `<p>${e(m.intro)}</p>`,
      `<p><a href="${e(m.link)}">${e(m.button)}</a></p>`,
      `<p>Se o botão não funcionar, copie e cole este endereço no navegador:<br>${e(m.link)}</p>`,
      `<p>${e(m.closing)}</p>`,
      `<p>${e(m.brand)}</p>`,
    ].join('\n'),
    text: [`Olá, ${m.nome}!`, '', m.intro, '', `${m.cue} ${m.link}`, '', m.closing, '', m.brand].join('\n'),
  };
}
