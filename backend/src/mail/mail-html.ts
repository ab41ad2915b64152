import { escapeHtml } from '@veritas/common';
import sanitizeHtml from 'sanitize-html';

/*
 * HTML from outside (and from our own compose editor) is sanitised once, when stored: an
 * allow-list of formatting tags and attributes; no scripts, event handlers, forms, frames, SVG,
 * <style> blocks or javascript: URLs; CSS only for harmless properties and never url() or
 * expression(). The screen runs DOMPurify again when it shows it.
 */

const SAFE_CSS_VALUE = /^(?!.*(?:url|expression|image-set|image|var|attr|env|element|paint)\s*\()(?!.*(?:javascript|vbscript|behavior|binding)\s*:)[-#%,.\w\s"'()!/+]{0,200}$/i;
const CSS_PROPERTIES = [
  'color', 'background-color', 'text-align', 'text-decoration', 'text-indent', 'text-transform',
  'font', 'font-family', 'font-size', 'font-style', 'font-weight', 'line-height', 'letter-spacing',
  'vertical-align', 'white-space', 'word-break', 'direction',
  'width', 'height', 'max-width', 'min-width', 'max-height', 'min-height',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color', 'border-style',
  'border-width', 'border-collapse', 'border-spacing', 'border-radius', 'list-style-type', 'display',
];

const RASTER_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|bmp);base64,[a-z0-9+/=\s]+$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'a', 'abbr', 'address', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'caption', 'center', 'cite', 'code', 'col',
    'colgroup', 'dd', 'del', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'h1', 'h2', 'h3',
    'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'samp', 'small',
    'span', 'strike', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'tt',
    'u', 'ul', 'wbr',
  ],
  allowedAttributes: {
    '*': ['style', 'align', 'dir', 'title', 'lang', 'valign', 'width', 'height', 'bgcolor'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'data-remote-src', 'data-cid', 'border'],
    font: ['color', 'face', 'size'],
    table: ['border', 'cellpadding', 'cellspacing'],
    td: ['colspan', 'rowspan', 'nowrap'],
    th: ['colspan', 'rowspan', 'nowrap', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'type', 'reversed'],
    ul: ['type'],
    li: ['value'],
    blockquote: ['cite', 'type'],
    q: ['cite'],
    time: ['datetime'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(CSS_PROPERTIES.map((p) => [p, [SAFE_CSS_VALUE]])) },
  disallowedTagsMode: 'discard',
  // Whose text content goes too, not only the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'template', 'xmp', 'iframe', 'noembed', 'noframes', 'object', 'applet'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
    // Remote images would tell the sender the message was read: keep the address aside until the
    // reader asks. Inline parts (cid:) are named for the screen to fill in from the attachments.
    img: (tagName, attribs) => {
      const { src = '', 'data-remote-src': _r, 'data-cid': _c, ...rest } = attribs;
      const out: Record<string, string> = rest;
      const value = src.trim();
      if (/^https?:\/\//i.test(value)) out['data-remote-src'] = value;
      else if (/^cid:/i.test(value)) out['data-cid'] = value.slice(4);
      else if (RASTER_DATA_IMAGE.test(value)) out.src = value;
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

export function hasRemoteImages(safeHtml: string): boolean {
  // Text cannot hold a raw "<img": the sanitiser escapes it.
  return /<img[^>]*\sdata-remote-src="/.test(safeHtml);
}

const BLOCK_END = /<\/(?:p|div|h[1-6]|li|tr|blockquote|pre|table|ul|ol|dd|dt)\s*>|<br\s*\/?>|<hr[^>]*>/gi;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/** The text of an HTML body: block ends become line breaks; for previews, search and text parts. */
export function textFromHtml(html: string): string {
  const withBreaks = html.replace(BLOCK_END, (m) => `${m}\n`);
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags });
  return text
    .replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e])
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// Written once in packages/common (the unsubscribe page escapes with it too); re-exported for mail's callers.
export { escapeHtml };

/** A text-only body as HTML, for clients that only render HTML: escaped, line breaks kept. */
export function htmlFromText(text: string): string {
  return `<div style="white-space: pre-wrap">${escapeHtml(text)}</div>`;
}
