import { fileTypeFromFile } from 'file-type';
import * as fsp from 'node:fs/promises';

/*
 * What a file really is, from its bytes, not from its name or from the type the browser claims:
 * file-type reads the signatures; on top of it, the firm's own stricter rules decide what an
 * upload may be (PDF, images, Office, XML, ZIP) and refuse what a browser would run.
 */

export type SniffedKind =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'tiff'
  | 'heic'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'zip'
  | 'ole2'
  | 'xml';

interface Kind {
  mime: string;
  tipo: string;
  exts: readonly string[];
}

/** What each kind is stored and served as. OLE2 (old Office) is told apart by the extension. */
const KINDS: Readonly<Record<Exclude<SniffedKind, 'ole2'>, Kind>> = {
  pdf: { mime: 'application/pdf', tipo: 'PDF', exts: ['pdf'] },
  png: { mime: 'image/png', tipo: 'Imagem', exts: ['png'] },
  jpeg: { mime: 'image/jpeg', tipo: 'Imagem', exts: ['jpg', 'jpeg'] },
  gif: { mime: 'image/gif', tipo: 'Imagem', exts: ['gif'] },
  webp: { mime: 'image/webp', tipo: 'Imagem', exts: ['webp'] },
  tiff: { mime: 'image/tiff', tipo: 'Imagem', exts: ['tif', 'tiff'] },
  heic: { mime: 'image/heic', tipo: 'Imagem', exts: ['heic', 'heif'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', tipo: 'Word', exts: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', tipo: 'Excel', exts: ['xlsx'] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', tipo: 'PowerPoint', exts: ['pptx'] },
  odt: { mime: 'application/vnd.oasis.opendocument.text', tipo: 'OpenDocument', exts: ['odt'] },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', tipo: 'OpenDocument', exts: ['ods'] },
  odp: { mime: 'application/vnd.oasis.opendocument.presentation', tipo: 'OpenDocument', exts: ['odp'] },
  zip: { mime: 'application/zip', tipo: 'ZIP', exts: ['zip'] },
  xml: { mime: 'application/xml', tipo: 'XML', exts: ['xml'] },
};

const OLE2: Readonly<Record<string, Kind>> = {
  doc: { mime: 'application/msword', tipo: 'Word', exts: ['doc'] },
  xls: { mime: 'application/vnd.ms-excel', tipo: 'Excel', exts: ['xls'] },
  ppt: { mime: 'application/vnd.ms-powerpoint', tipo: 'PowerPoint', exts: ['ppt'] },
};

const ZIP_FAMILY: readonly SniffedKind[] = ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'];

export const ALLOWED_EXTENSIONS: readonly string[] = [...Object.values(KINDS).flatMap((k) => k.exts), ...Object.keys(OLE2)].sort();

export const ALLOWED_HELP =
  'Envie PDF, imagem (JPG, PNG, GIF, WEBP, TIFF, HEIC), Office (DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, ODS, ODP), XML ou ZIP.';

/** What file-type calls each kind the firm accepts; anything else it recognises (an executable, a macro-enabled document, a JAR) is refused. */
const DETECTED: Readonly<Record<string, SniffedKind>> = {
  pdf: 'pdf',
  ai: 'pdf', // Illustrator's files are PDFs that any reader opens
  png: 'png',
  apng: 'png',
  jpg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  tif: 'tiff',
  heic: 'heic',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
  zip: 'zip',
  cfb: 'ole2',
  xml: 'xml',
};

const HEAD_BYTES = 8192;

/** The kind of the file at `file`, or null when it is none of the accepted ones. */
export async function sniffFile(file: string): Promise<SniffedKind | null> {
  const detected = await fileTypeFromFile(file);
  if (detected && !Object.hasOwn(DETECTED, detected.ext)) return null;
  const h = await fsp.open(file, 'r');
  try {
    const { size } = await h.stat();
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await h.read(head, 0, head.length, 0);
    const kind = detected ? DETECTED[detected.ext] : undetected(head);
    if (kind === 'pdf') return pdfIsPlain(head) ? 'pdf' : null;
    if (kind === 'xml') return looksLikeXml(head) && (await xmlIsInert(h, size)) ? 'xml' : null;
    return kind;
  } finally {
    await h.close();
  }
}

/** What file-type does not tell: a PDF whose header comes after a few bytes, an XML without a declaration. */
function undetected(head: Buffer): SniffedKind | null {
  if (head.subarray(0, PDF_HEADER_WITHIN).includes('%PDF-')) return 'pdf';
  return looksLikeXml(head) ? 'xml' : null;
}

/** Readers accept a PDF header anywhere in the first KB, so the few bytes some tools put first are allowed. */
const PDF_HEADER_WITHIN = 1024;
const HTML_MARKERS = /<\s*(!doctype|html|head|body|script|iframe|object|embed|svg|meta|link|style|img)|<!--/i;
const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, Math.min(to, b.length)).toString('latin1');

/**
 * A PDF as readers and the firm know it, not an HTML page with "%PDF-" in it (a polyglot that a
 * browser would render): before the header only bytes that are no markup (no "<"), and no HTML
 * markers in the first KB.
 */
function pdfIsPlain(b: Buffer): boolean {
  const pdfAt = b.subarray(0, PDF_HEADER_WITHIN).indexOf('%PDF-');
  if (pdfAt < 0 || b.subarray(0, pdfAt).includes('<')) return false;
  return !HTML_MARKERS.test(ascii(b, 0, PDF_HEADER_WITHIN));
}

/** What an XML that can only be data never holds: browser markup, script, event handlers, DTDs, stylesheets. */
const XML_ACTIVE = [
  /<!doctype/i,
  /<!entity/i,
  /<\?xml-stylesheet/i,
  /www\.w3\.org\/(2000\/svg|1999\/xhtml|1999\/xlink|1999\/XSL\/Transform)/i,
  /<\s*([\w.-]+:)?(script|html|body|svg|iframe|object|embed|foreignObject)[\s/>]/i,
  /<[A-Za-z_][^<>]*\s([\w.-]+:)?on[a-z]+\s*=/i,
];
const XML_CHUNK = 1024 * 1024;
const XML_OVERLAP = 4096;

/**
 * The whole XML, in chunks that overlap (a marker cut between two chunks is still seen): refused
 * when it carries anything a browser or an XML reader would act on (SVG with onload, namespaced
 * XHTML script, an entity bomb).
 */
async function xmlIsInert(h: fsp.FileHandle, size: number): Promise<boolean> {
  const buf = Buffer.alloc(Math.min(size, XML_CHUNK));
  for (let pos = 0; pos < size; pos += XML_CHUNK - XML_OVERLAP) {
    const { bytesRead } = await h.read(buf, 0, buf.length, pos);
    const text = buf.subarray(0, bytesRead).toString('latin1');
    if (XML_ACTIVE.some((re) => re.test(text))) return false;
    if (pos + bytesRead >= size) break;
  }
  return true;
}

/**
 * XML such as an NF-e: text (no NUL byte, valid UTF-8) that opens with a declaration or an element.
 * HTML and SVG are refused: served back, they could run script in a browser.
 */
function looksLikeXml(b: Buffer): boolean {
  if (b.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(b.length >= HEAD_BYTES ? trimPartialUtf8(b) : b);
  } catch {
    return false;
  }
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (!/^<(\?xml[\s?]|[A-Za-z_])/.test(t)) return false;
  return !/<(!doctype\s+html|html[\s>]|script[\s>]|svg[\s>:]|body[\s>])/i.test(t);
}

/** Drops a UTF-8 sequence cut at the end of a sample, so a valid file is not judged invalid. */
function trimPartialUtf8(b: Buffer): Buffer {
  let end = b.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = b[end - i];
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    if (byte >= 0xc0) end -= i; // lead byte of a sequence that may be incomplete
    break;
  }
  return b.subarray(0, end);
}

export type Classified = { ok: true; mime: string; tipo: string; ext: string } | { ok: false; message: string };

/** The file's extension, lower-case, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1].toLowerCase() : '';
}

/**
 * Accepts the file when its content is an allowed kind AND agrees with its extension (a PNG named
 * .pdf is refused: the name would lie to whoever opens it). A name without an extension gets the
 * content's.
 */
export function classify(kind: SniffedKind | null, fileName: string): Classified {
  const ext = extensionOf(fileName);
  if (ext && !ALLOWED_EXTENSIONS.includes(ext)) {
    return { ok: false, message: `Tipo de arquivo não permitido (.${ext}). ${ALLOWED_HELP}` };
  }
  if (!kind) {
    return { ok: false, message: `O conteúdo do arquivo não é de um tipo permitido${ext ? ` nem corresponde à extensão .${ext}` : ''}. ${ALLOWED_HELP}` };
  }
  if (kind === 'ole2') {
    const k = OLE2[ext];
    return k ? { ok: true, mime: k.mime, tipo: k.tipo, ext } : mismatch(ext);
  }
  const k = KINDS[kind];
  if (!ext) return { ok: true, mime: k.mime, tipo: k.tipo, ext: k.exts[0] };
  if (k.exts.includes(ext)) return { ok: true, mime: k.mime, tipo: k.tipo, ext };
  // Any ZIP-based file (a .docx too) may travel as a .zip.
  if (ext === 'zip' && ZIP_FAMILY.includes(kind)) return { ok: true, mime: KINDS.zip.mime, tipo: KINDS.zip.tipo, ext };
  return mismatch(ext);
}

function mismatch(ext: string): Classified {
  return {
    ok: false,
    message: ext
      ? `O conteúdo do arquivo não corresponde à extensão .${ext}.`
      : `Não foi possível identificar o tipo do arquivo: informe a extensão no nome. ${ALLOWED_HELP}`,
  };
}
