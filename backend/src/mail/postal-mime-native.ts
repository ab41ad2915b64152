import * as path from 'node:path';
import PostalMime from 'postal-mime';

/**
 * postal-mime (pinned, backend/package.json) reads a message in JavaScript a byte at a time: its
 * reader looks at every byte for the next line feed, and its base64 decoder runs every line
 * through a TextDecoder, a regular expression, a split and a table-driven decoder, the pieces
 * gathered in a Blob. Profiled (bench/mail-listener.mjs), that was most of what a received document
 * cost: a parse of a 15 MB attachment took ~0.5 s alone (~1 s in the loaded server), ~0.2 s with
 * the replacements below. Its quoted-printable decoder — the usual text part of a message in
 * Portuguese — made and zeroed a 100 KB buffer for every part and gathered it through a Blob, as its
 * decoder of 7bit/8bit parts does. These are replaced here, in Node, by ones that give the same
 * result with Node's native code:
 * - the reader finds the line feed with the typed array's indexOf;
 * - the decoder's `update` only notes where each line lies in the message's bytes (consecutive
 *   lines with nothing but line breaks between them make one run);
 * - its `finalize` decodes the runs at once: base64 as mailers write it (the alphabet and line
 *   breaks, padding at the end) by Node's decoder; anything else as the original does — the
 *   characters outside A–Z a–z 0–9 + / = dropped, the rest cut at each run of '=' into units decoded
 *   one by one (some mailers pad every line), a unit's lone last character ignored;
 * - quoted-printable parts get QuotedPrintableDecoder (MimeNode's setupContentDecoder), and 7bit/8bit
 *   parts' lines are joined into one buffer without a Blob (PassThroughDecoder's finalize).
 *
 * `postal-mime-native.spec.ts` checks the results against the original methods on random and
 * hostile input, and that the replacement is in place: an upgrade that changes these methods is
 * noticed there, not silently slowed or broken.
 */

/** A decoder of a part's body, as postal-mime's MIME nodes use one (its Base64Decoder, QPDecoder, PassThroughDecoder; QuotedPrintableDecoder). */
interface DecoderLike {
  update(line: Uint8Array): void;
  finalize(): Promise<ArrayBuffer>;
}
interface ReaderLike {
  readLine(): { bytes: Uint8Array; done: boolean };
}
interface MimeNodeLike {
  setupContentDecoder(transferEncoding: string): void;
  contentDecoder: DecoderLike | null;
}
type Class<T> = { prototype: T } & (new () => T);

/** One of postal-mime's own modules, the ones its parser loads (the package exports only its entry, so the file is found beside it); null where missing. */
function postalMimeModule(file: string): unknown {
  try {
    return require(path.join(path.dirname(require.resolve('postal-mime')), file)) as unknown;
  } catch {
    return null;
  }
}

/** A class of postal-mime's modules; null where it is missing or lacks one of `methods`. */
function postalMimeClass<T>(file: string, methods: string[]): Class<T> | null {
  const mod = postalMimeModule(file) as { default?: unknown } | ((...a: unknown[]) => unknown) | null;
  const cls = (typeof mod === 'function' ? mod : mod?.default) as { prototype?: Record<string, unknown> } | undefined;
  return cls?.prototype && methods.every((m) => typeof cls.prototype![m] === 'function') ? (cls as unknown as Class<T>) : null;
}

const DECODER = postalMimeClass<DecoderLike>('base64-decoder.js', ['update', 'finalize']);
const QP_DECODER = postalMimeClass<DecoderLike>('qp-decoder.js', ['update', 'finalize']);
const PASS_THROUGH = postalMimeClass<DecoderLike>('pass-through-decoder.js', ['update', 'finalize']);
const MIME_NODE = postalMimeClass<MimeNodeLike>('mime-node.js', ['setupContentDecoder']);
/** postal-mime's own reading of a hexadecimal digit (its value, -1 for any other byte), which its QPDecoder uses. */
const HEX_NIBBLE = (postalMimeModule('decode-strings.js') as { hexNibble?: unknown } | null)?.hexNibble as ((c: number) => number) | undefined;

/** postal-mime's Base64Decoder, QPDecoder and PassThroughDecoder (the tests build decoders of them); null where their shape changed. */
export const POSTAL_MIME_DECODER = DECODER as (new () => DecoderLike) | null;
export const POSTAL_MIME_QP_DECODER = QP_DECODER as (new () => DecoderLike) | null;
export const POSTAL_MIME_PASS_THROUGH = PASS_THROUGH as (new () => DecoderLike) | null;
/** postal-mime's MimeNode (the tests put its original choice of decoder back). */
export const POSTAL_MIME_NODE = MIME_NODE as { prototype: MimeNodeLike } | null;
const READER = (PostalMime as unknown as { prototype: Partial<ReaderLike> }).prototype;

/** The original methods (the tests compare against them); null where postal-mime's shape changed. */
export const ORIGINAL: (DecoderLike & ReaderLike & { passThroughFinalize: DecoderLike['finalize']; setupContentDecoder: MimeNodeLike['setupContentDecoder'] }) | null =
  DECODER && QP_DECODER && PASS_THROUGH && MIME_NODE && typeof HEX_NIBBLE === 'function' && typeof READER.readLine === 'function'
    ? {
        update: DECODER.prototype.update,
        finalize: DECODER.prototype.finalize,
        readLine: READER.readLine,
        passThroughFinalize: PASS_THROUGH.prototype.finalize,
        setupContentDecoder: MIME_NODE.prototype.setupContentDecoder,
      }
    : null;

/** Runs of consecutive lines: [start, end) pairs, flat, over one buffer's bytes (every line is a view of the message's). */
interface Runs {
  all: Uint8Array;
  at: number[];
}

type Patched = DecoderLike & { runs?: Runs[] };

/** Whether only line breaks (which the reader leaves out of the lines) lie between two lines. */
function onlyBreaks(all: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (all[i] !== 0x0d && all[i] !== 0x0a) return false;
  return true;
}

function update(this: Patched, line: Uint8Array): void {
  const runs = (this.runs ??= []);
  const last = runs[runs.length - 1];
  if (last === undefined || last.all.buffer !== line.buffer) {
    runs.push({ all: new Uint8Array(line.buffer), at: [line.byteOffset, line.byteOffset + line.byteLength] });
    return;
  }
  const end = last.at[last.at.length - 1];
  if (line.byteOffset >= end && onlyBreaks(last.all, end, line.byteOffset)) last.at[last.at.length - 1] = line.byteOffset + line.byteLength;
  else last.at.push(line.byteOffset, line.byteOffset + line.byteLength);
}

/** The units the original decodes one by one: its characters cut at each run of '='. */
function units(text: string): string[] {
  return text
    .replace(/[^a-zA-Z0-9+/=]+/g, '')
    .split(/=+/)
    .filter((u) => u.length > 0);
}

/** A unit's bytes, decoded as the original decodes it (a lone character after the last whole group encodes none). */
function decodeUnits(parts: string[]): ArrayBuffer {
  const out = Buffer.from(new ArrayBuffer(parts.reduce((n, u) => n + Buffer.byteLength(u, 'base64'), 0)));
  let at = 0;
  for (const u of parts) at += out.write(u, at, 'base64');
  return (at === out.byteLength ? out.buffer : out.buffer.slice(0, at)) as ArrayBuffer;
}

/**
 * Base64 as mailers write it: the alphabet and line breaks, padding only at the end. Two linear
 * scans: one pattern with two overlapping repetitions backtracked quadratically (a minute on 100 KB
 * of line breaks followed by a stray '=').
 */
function plain(text: string): boolean {
  if (/[^a-zA-Z0-9+/=\r\n]/.test(text)) return false;
  const pad = text.indexOf('=');
  return pad === -1 || !/[^=\r\n]/.test(text.slice(pad));
}

function finalize(this: Patched): Promise<ArrayBuffer> {
  const runs = this.runs ?? [];
  this.runs = [];
  let text = '';
  for (const run of runs) for (let i = 0; i < run.at.length; i += 2) text += Buffer.from(run.all.buffer, run.at[i], run.at[i + 1] - run.at[i]).toString('latin1');
  if (!plain(text)) return Promise.resolve(decodeUnits(units(text)));
  // One unit: Node's decoder skips the line breaks and stops at the padding.
  const bytes = Buffer.from(text, 'base64');
  return Promise.resolve((bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : new Uint8Array(bytes).buffer) as ArrayBuffer);
}

/**
 * postal-mime's reader, which looked at every byte in JavaScript for the next line feed: the same
 * line (without its trailing CRs and LF) found by the typed array's native indexOf.
 */
function readLine(this: { av: Uint8Array; buf: ArrayBuffer; readPos: number }): { bytes: Uint8Array; done: boolean } {
  const start = this.readPos;
  const lf = this.av.indexOf(0x0a, start);
  let end = lf === -1 ? this.av.length : lf;
  this.readPos = lf === -1 ? this.av.length : lf + 1;
  while (end > start && this.av[end - 1] === 0x0d) end--;
  return { bytes: new Uint8Array(this.buf, start, end - start), done: this.readPos >= this.av.length };
}

const EQUALS = 0x3d;

/**
 * Quoted-printable decoded as postal-mime's QPDecoder decodes it, without what it cost for every
 * text part: a 100 KB buffer made (and zeroed) when the part starts, each line copied into it, the
 * pieces gathered in a Blob. The lines are kept as the views of the message's bytes the reader
 * gives, and decoded at once into one buffer of their size (a byte loop: finding each '=' with
 * indexOf and copying the runs between them was slower where accents are escaped). Same rules: a
 * line ending in '=' is a soft break (neither the '=' nor a line feed is kept); '=' and two
 * hexadecimal digits inside the line is their byte (postal-mime's own hexNibble reads them); any
 * other '=' stays as it is; every other line ends with a line feed.
 */
export class QuotedPrintableDecoder implements DecoderLike {
  private lines: Uint8Array[] = [];
  private size = 0;

  update(line: Uint8Array): void {
    this.lines.push(line);
    this.size += line.length + 1;
  }

  finalize(): Promise<ArrayBuffer> {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const line of this.lines) {
      const soft = line.length > 0 && line[line.length - 1] === EQUALS;
      const len = soft ? line.length - 1 : line.length;
      for (let i = 0; i < len; i++) {
        const c = line[i];
        // An escape needs its two digits before `len`; any other '=' stays as it is.
        if (c === EQUALS && i + 2 < len) {
          const high = HEX_NIBBLE!(line[i + 1]);
          const low = HEX_NIBBLE!(line[i + 2]);
          if (high >= 0 && low >= 0) {
            out[at++] = (high << 4) | low;
            i += 2;
            continue;
          }
        }
        out[at++] = c;
      }
      if (!soft) out[at++] = 0x0a;
    }
    this.lines = [];
    this.size = 0;
    return Promise.resolve((at === out.length ? out.buffer : out.buffer.slice(0, at)) as ArrayBuffer);
  }
}

/** PassThroughDecoder's finalize (7bit, 8bit and binary parts: the lines, each followed by '\n'), joined natively instead of through a Blob. */
function passThroughFinalize(this: { chunks: (Uint8Array | string)[] }): Promise<ArrayBuffer> {
  const parts = this.chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return Promise.resolve(out.buffer as ArrayBuffer);
}

/** MimeNode's choice of decoder, with QuotedPrintableDecoder for quoted-printable (base64 still first, as postal-mime tests it). */
function setupContentDecoder(this: MimeNodeLike, transferEncoding: string): void {
  if (!/base64/i.test(transferEncoding) && /quoted-printable/i.test(transferEncoding)) this.contentDecoder = new QuotedPrintableDecoder();
  else ORIGINAL!.setupContentDecoder.call(this, transferEncoding);
}

/** Whether postal-mime runs the methods above (false: its shape changed, and the originals run). */
export const FAST_POSTAL_MIME = ORIGINAL !== null;

if (DECODER && PASS_THROUGH && MIME_NODE && ORIGINAL) {
  DECODER.prototype.update = update;
  DECODER.prototype.finalize = finalize;
  PASS_THROUGH.prototype.finalize = passThroughFinalize as DecoderLike['finalize'];
  MIME_NODE.prototype.setupContentDecoder = setupContentDecoder;
  (READER as ReaderLike).readLine = readLine as ReaderLike['readLine'];
}
