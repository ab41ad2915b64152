import type { Unsubscribe } from '../notificacoes';
import { escapeHtml, textFromHtml } from './mail-html';
import type { OutgoingMail } from './mail.types';

/**
 * An optional notice with its way out (issue 53, ADR 0046): a closing line in the text and the HTML
 * with the unsubscribe link and the portal's Notificações screen, and the RFC 8058 one-click pair
 * (List-Unsubscribe with the https address, List-Unsubscribe-Post) that mail programs show as a button.
 */
export function withUnsubscribe(msg: OutgoingMail, u: Unsubscribe): OutgoingMail {
  const why = `Você recebe este e-mail porque os avisos de ${u.label.toLowerCase()} estão ligados.`;
  const text = [
    (msg.text ?? textFromHtml(msg.html)).trimEnd(),
    '',
    '—',
    why,
    `Para não receber mais estes avisos: ${u.url}`,
    `Ou escolha os avisos em Meus dados → Notificações: ${u.preferencias}`,
  ].join('\n');
  const html = [
    msg.html,
    `<hr><p style="font-size: 12px; color: #6b7280">${escapeHtml(why)} ` +
      `<a href="${escapeHtml(u.url)}">Não receber mais estes avisos</a> · ` +
      `<a href="${escapeHtml(u.preferencias)}">Escolher os avisos</a> (Meus dados → Notificações).</p>`,
  ].join('\n');
  return {
    ...msg,
    text,
    html,
    headers: { ...msg.headers, 'List-Unsubscribe': `<${u.url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
