import * as path from 'node:path';
import PostalMime from 'postal-mime';

/**
 * postal-mime (pinned, backend/package.json) reads a message in JavaScript a byte at a time: its
 * reader looks at every byte for the next line feed, and its base64 decoder runs every line
 * through a TextDecoder, a regular expression, a split and a table-driven decoder, the pieces
 * gathered in a Blob. Profiled (bench/mail-listener.mjs), that was most of what a received document
 * cost: a parse of a 15 MB attachment took ~0.5 s alone (~1 s in the loaded server), ~0.2 s with
 * the replacements below. Three of its methods are replaced here, in Node, by ones that give the
 * same result with Node's native code:
 * - the reader finds the line feed with the typed array's indexOf;
 * - the decoder's `update` only notes where each line lies in the message's bytes (consecutive
 *   lines with nothing but line breaks between them make one run);
 * - its `finalize` decodes the runs at once: base64 as mailers write it (the alphabet and line
 *   breaks, padding at the end) by Node's decoder; anything else as the original does — the
 *   characters outside A–Z a–z 0–9 + / = dropped, the rest cut at each run of '=' into units decoded
 *   one by one (some mailers pad every line), a unit's lone last character ignored.
 *
 * `postal-mime-native.spec.ts` checks the results against the original methods on random and
 * hostile input, and that the replacement is in place: an upgrade that changes these methods is
 * noticed there, not silently slowed or broken.
 */

/** What is replaced of postal-mime's Base64Decoder and of PostalMime. */
interface Base64DecoderLike {
  update(line: Uint8Array): void;
  finalize(): Promise<ArrayBuffer>;
}
interface ReaderLike {
  readLine(): { bytes: Uint8Array; done: boolean };
}

/** postal-mime's own decoder class: the module its MIME nodes load (the package exports only its entry, so the file is found beside it). */
function decoderClass(): ({ prototype: Base64DecoderLike } & (new () => Base64DecoderLike)) | null {
  try {
    const mod = require(path.join(path.dirname(require.resolve('postal-mime')), 'base64-decoder.js')) as { default?: unknown } | ((...a: unknown[]) => unknown);
    const cls = (typeof mod === 'function' ? mod : mod.default) as { prototype?: Partial<Base64DecoderLike> } | undefined;
    return cls?.prototype && typeof cls.prototype.update === 'function' && typeof cls.prototype.finalize === 'function' ? (cls as { prototype: Base64DecoderLike } & (new () => Base64DecoderLike)) : null;
  } catch {
    return null;
  }
}

const DECODER = decoderClass();

/** postal-mime's Base64Decoder (the tests build decoders of it); null where its shape changed. */
export const POSTAL_MIME_DECODER = DECODER as (new () => Base64DecoderLike) | null;
const READER = (PostalMime as unknown as { prototype: Partial<ReaderLike> }).prototype;

/** The original methods (the tests compare against them); null where postal-mime's shape changed. */
export const ORIGINAL: (Base64DecoderLike & ReaderLike) | null =
  DECODER && typeof READER.readLine === 'function' ? { update: DECODER.prototype.update, finalize: DECODER.prototype.finalize, readLine: READER.readLine } : null;

/** Runs of consecutive lines: [start, end) pairs, flat, over one buffer's bytes (every line is a view of the message's). */
interface Runs {
  all: Uint8Array;
  at: number[];
}

type Patched = Base64DecoderLike & { runs?: Runs[] };

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

/** Whether postal-mime runs the methods above (false: its shape changed, and the originals run). */
export const FAST_POSTAL_MIME = ORIGINAL !== null;

if (DECODER && ORIGINAL) {
  DECODER.prototype.update = update;
  DECODER.prototype.finalize = finalize;
  (READER as ReaderLike).readLine = readLine as ReaderLike['readLine'];
}
