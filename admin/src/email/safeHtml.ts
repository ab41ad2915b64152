/*
 * A message body as the reading view shows it. The server stored it sanitised (sanitize-html);
 * here DOMPurify runs again with a stricter list, so that a hole in either one alone shows
 * nothing executable. The result goes into a sandboxed iframe without allow-scripts (MessageFrame).
 *
 * Images: the server never hands out a remote src. It keeps remote addresses in
 * data-remote-src (loaded only when the reader presses "Exibir imagens") and names inline parts
 * in data-cid (filled in with blob: URLs fetched with the token).
 */
import DOMPurify from 'dompurify';
import { colors } from '@veritas/web';

const purifier = DOMPurify(window);

/** Only raster images embedded in the message itself may keep a src. */
const EMBEDDED_RASTER = /^data:image\/(?:png|gif|jpe?g|webp|bmp);base64,[a-z0-9+/=\s]+$/i;
/** CSS that could load, run or cover something (the server refuses it too). */
const UNSAFE_CSS = /url\s*\(|expression\s*\(|image-set\s*\(|@import|behavior\s*:|-moz-binding|javascript\s*:|position\s*:|\\/i;

purifier.addHook('afterSanitizeAttributes', (node) => {
  const el = node as Element;
  if (!el.getAttribute) return;
  const style = el.getAttribute('style');
  if (style && UNSAFE_CSS.test(style)) el.removeAttribute('style');
  if (el.tagName === 'IMG') {
    const src = el.getAttribute('src');
    if (src !== null && !EMBEDDED_RASTER.test(src.trim())) el.removeAttribute('src');
  }
  if (el.tagName === 'A') {
    el.setAttribute('target', '_blank');
    el.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style', 'link', 'meta', 'base', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame',
    'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'template', 'audio', 'video', 'source', 'picture', 'track',
  ],
  FORBID_ATTR: ['srcset', 'background', 'action', 'formaction', 'ping', 'poster', 'xlink:href'],
  ADD_ATTR: ['data-remote-src', 'data-cid', 'target'],
  ALLOW_DATA_ATTR: false,
  // DOMPurify's own pattern with fewer schemes: plain values (widths, colours, cids) pass, and a
  // URL may only be http(s), mailto or tel.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

export interface BodyImages {
  /** contentId → blob: URL of the inline part. */
  inline: ReadonlyMap<string, string>;
  /** The reader asked for the remote images. */
  showRemote: boolean;
}

/**
 * The body's HTML, purified, with inline images filled in and remote ones only if asked for
 * (and only https). Worked on in DOMPurify's own detached document, where nothing loads.
 */
export function displayableHtml(html: string, images: BodyImages): string {
  const body = purifier.sanitize(html, { ...CONFIG, RETURN_DOM: true }) as HTMLElement;
  for (const img of Array.from(body.querySelectorAll('img'))) {
    const cid = img.getAttribute('data-cid');
    const remote = img.getAttribute('data-remote-src');
    if (cid && images.inline.has(cid)) img.setAttribute('src', images.inline.get(cid)!);
    else if (remote && images.showRemote && /^https:\/\//i.test(remote)) img.setAttribute('src', remote);
  }
  return body.innerHTML;
}

/** Purified HTML for compose's quoted original (no images: the editor keeps none). */
export function quotableHtml(html: string): string {
  return purifier.sanitize(html, { ...CONFIG, FORBID_TAGS: [...CONFIG.FORBID_TAGS, 'img'] }) as string;
}

/** The contentIds the body shows in place (so those parts are not listed again as attachments). */
export function inlineContentIds(html: string): Set<string> {
  const ids = new Set<string>();
  for (const m of html.matchAll(/data-cid="([^"]+)"/g)) ids.add(m[1]);
  return ids;
}

const FRAME_STYLE = `
  html { color-scheme: light; }
  body { margin: 0; padding: 4px 2px; font: 14px/1.5 Arial, Helvetica, sans-serif; color: ${colors.ink};
         overflow-wrap: anywhere; }
  img { max-width: 100%; height: auto; }
  table { max-width: 100%; }
  blockquote { margin: 0 0 0 8px; padding-left: 8px; border-left: 2px solid ${colors.line}; color: ${colors.muted}; }
  pre { white-space: pre-wrap; }
`;

/**
 * The iframe's whole document. Its own CSP (on top of the panel's, which it inherits) allows no
 * script, no connection and images only from the message itself, plus https once the reader
 * asked for remote images.
 */
export function frameDocument(safeHtml: string, showRemote: boolean): string {
  const img = showRemote ? 'data: blob: https:' : 'data: blob:';
  const csp = `default-src 'none'; img-src ${img}; style-src 'unsafe-inline'; font-src data:`;
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${csp}">` +
    `<base target="_blank"><style>${FRAME_STYLE}</style></head><body>${safeHtml}</body></html>`
  );
}
