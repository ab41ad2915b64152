import { escapeHtml } from '@veritas/common';

/** The few words a page of the unsubscribe link says, and where it leads. */
export interface UnsubscribePage {
  brandName: string;
  title: string;
  paragraphs: string[];
  /** The one-click form, on the page a link opens (a GET never changes anything: mail scanners open links). */
  confirm?: { action: string; label: string };
  preferencias: string;
}

/** A plain pt-BR HTML page, every value escaped; styles inline (the site's CSP allows them, and nothing else is loaded). */
export function unsubscribePage(p: UnsubscribePage): string {
  const e = escapeHtml;
  return [
    '<!doctype html>',
    '<html lang="pt-BR">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(p.title)} — ${e(p.brandName)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; color: #1f2937">',
    `<p><strong>${e(p.brandName)}</strong></p>`,
    `<h1 style="font-size: 1.5rem">${e(p.title)}</h1>`,
    ...p.paragraphs.map((t) => `<p>${e(t)}</p>`),
    ...(p.confirm
      ? [`<form method="post" action="${e(p.confirm.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font-size: 1rem; padding: .5rem 1rem">${e(p.confirm.label)}</button></form>`]
      : []),
    `<p><a href="${e(p.preferencias)}">Escolher os avisos em Meus dados → Notificações</a> (área do cliente).</p>`,
    '</body></html>',
  ].join('\n');
}
