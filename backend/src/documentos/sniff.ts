import * as fsp from 'node:fs/promises';

/*
 * What a file really is, from its bytes ("magic numbers"), not from its name or from the type the
 * browser claims. Small on purpose: only the kinds the firm accepts (PDF, images, Office, XML, ZIP).
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

const HEAD_BYTES = 8192;
const TAIL_BYTES = 65_557; // the End Of Central Directory record plus the longest zip comment
const MAX_CENTRAL_DIRECTORY = 4 * 1024 * 1024;

/** The kind of the file at `file`, or null when it is none of the accepted ones. */
export async function sniffFile(file: string): Promise<SniffedKind | null> {
  const h = await fsp.open(file, 'r');
  try {
    const { size } = await h.stat();
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await h.read(head, 0, head.length, 0);
    const kind = sniffHead(head);
    if (kind === 'xml') return (await xmlIsInert(h, size)) ? 'xml' : null;
    if (kind !== 'zip') return kind;
    return (await zipFlavour(h, size, head)) ?? 'zip';
  } finally {
    await h.close();
  }
}

const startsWith = (b: Buffer, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, Math.min(to, b.length)).toString('latin1');

/** Decides from the first bytes; 'zip' still needs zipFlavour to say whether it is Office. */
export function sniffHead(b: Buffer): SniffedKind | null {
  if (b.length === 0) return null;
  const pdfAt = b.subarray(0, PDF_HEADER_WITHIN).indexOf('%PDF-');
  if (pdfAt >= 0) return pdfIsPlain(b, pdfAt) ? 'pdf' : null;
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(b, 4, 8) === 'ftyp' && ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(ascii(b, 8, 12))) return 'heic';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole2';
  if (looksLikeXml(b)) return 'xml';
  return null;
}

/** Readers accept a PDF header anywhere in the first KB, so the few bytes some tools put first are allowed. */
const PDF_HEADER_WITHIN = 1024;
const HTML_MARKERS = /<\s*(!doctype|html|head|body|script|iframe|object|embed|svg|meta|link|style|img)|<!--/i;

/**
 * A PDF as readers and the firm know it, not an HTML page with "%PDF-" in it (a polyglot that a
 * browser would render): before the header only bytes that are no markup (no "<"), and no HTML
 * markers in the first KB.
 */
function pdfIsPlain(b: Buffer, pdfAt: number): boolean {
  if (b.subarray(0, pdfAt).includes('<')) return false;
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

/** Office Open XML and OpenDocument are ZIPs: tell them by their entries. */
async function zipFlavour(h: fsp.FileHandle, size: number, head: Buffer): Promise<SniffedKind | null> {
  // OpenDocument: the first entry is "mimetype", stored uncompressed, holding the type.
  if (head.length >= 30 && ascii(head, 30, 38) === 'mimetype') {
    const nameLen = head.readUInt16LE(26);
    const extraLen = head.readUInt16LE(28);
    const dataLen = head.readUInt32LE(18);
    const mimetype = ascii(head, 30 + nameLen + extraLen, 30 + nameLen + extraLen + Math.min(dataLen, 100));
    if (mimetype === KINDS.odt.mime) return 'odt';
    if (mimetype === KINDS.ods.mime) return 'ods';
    if (mimetype === KINDS.odp.mime) return 'odp';
  }
  const names = await centralDirectoryNames(h, size);
  if (!names?.includes('[Content_Types].xml')) return null;
  if (names.some((n) => n.startsWith('word/'))) return 'docx';
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  if (names.some((n) => n.startsWith('ppt/'))) return 'pptx';
  return null;
}

/** The entry names of a ZIP, from its central directory; null if it cannot be read. */
async function centralDirectoryNames(h: fsp.FileHandle, size: number): Promise<string[] | null> {
  const tailLen = Math.min(TAIL_BYTES, size);
  const tail = Buffer.alloc(tailLen);
  await h.read(tail, 0, tailLen, size - tailLen);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (cdSize > MAX_CENTRAL_DIRECTORY || cdOffset + cdSize > size) return null; // ZIP64 or damaged: a plain ZIP
  const cd = Buffer.alloc(cdSize);
  await h.read(cd, 0, cdSize, cdOffset);
  const names: string[] = [];
  for (let p = 0; p + 46 <= cd.length && cd.readUInt32LE(p) === 0x02014b50; ) {
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    names.push(cd.subarray(p + 46, p + 46 + nameLen).toString('utf8'));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
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
