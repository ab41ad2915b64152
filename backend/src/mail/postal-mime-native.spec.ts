import fc from 'fast-check';
import * as fs from 'node:fs';
import * as path from 'node:path';
import PostalMime from 'postal-mime';
import { FAST_POSTAL_MIME, ORIGINAL, POSTAL_MIME_DECODER, POSTAL_MIME_NODE, POSTAL_MIME_PASS_THROUGH, POSTAL_MIME_QP_DECODER, QuotedPrintableDecoder } from './postal-mime-native';

type Decoder = { update(line: Uint8Array): void; finalize(): Promise<ArrayBuffer> };
const Base64Decoder = POSTAL_MIME_DECODER as new () => Decoder;
const QPDecoder = POSTAL_MIME_QP_DECODER as new () => Decoder;
const PassThroughDecoder = POSTAL_MIME_PASS_THROUGH as new () => Decoder;
const MimeNode = POSTAL_MIME_NODE as { prototype: { setupContentDecoder: unknown } };

/** The lines laid out one after another in one buffer (as in a message, each ended by `eol`): views of it, as postal-mime's reader gives them. */
function views(lines: Uint8Array[], eol: Uint8Array[]): Uint8Array[] {
  const total = lines.reduce((n, l, i) => n + l.length + eol[i % eol.length].length, 0);
  const all = new Uint8Array(total);
  const out: Uint8Array[] = [];
  let at = 0;
  for (const [i, l] of lines.entries()) {
    all.set(l, at);
    out.push(new Uint8Array(all.buffer, at, l.length));
    at += l.length;
    all.set(eol[i % eol.length], at);
    at += eol[i % eol.length].length;
  }
  return out;
}

/** What `decoder` gives for `lines`. */
async function run(decoder: Decoder, lines: Uint8Array[]): Promise<Buffer> {
  for (const l of lines) decoder.update(l);
  return Buffer.from(await decoder.finalize());
}

/** What the base64 decoder (the replacement, or postal-mime's own `original` methods) gives for the lines laid out as in a message. */
async function decode(lines: Uint8Array[], eol: Uint8Array[], original: boolean): Promise<Buffer> {
  const decoder = new Base64Decoder();
  if (original) {
    if (!ORIGINAL) throw new Error('postal-mime mudou');
    decoder.update = ORIGINAL.update;
    decoder.finalize = ORIGINAL.finalize;
  }
  return run(decoder, views(lines, eol));
}

/** Runs `fn` with postal-mime's own methods back in place. */
async function withOriginals<T>(fn: () => Promise<T>): Promise<T> {
  const decoder = Base64Decoder.prototype as Decoder;
  const passThrough = PassThroughDecoder.prototype as Decoder;
  const reader = PostalMime.prototype as unknown as { readLine: unknown };
  const patched = { update: decoder.update, finalize: decoder.finalize, readLine: reader.readLine, passThrough: passThrough.finalize, setup: MimeNode.prototype.setupContentDecoder };
  Object.assign(decoder, { update: ORIGINAL!.update, finalize: ORIGINAL!.finalize });
  passThrough.finalize = ORIGINAL!.passThroughFinalize;
  MimeNode.prototype.setupContentDecoder = ORIGINAL!.setupContentDecoder;
  reader.readLine = ORIGINAL!.readLine;
  try {
    return await fn();
  } finally {
    Object.assign(decoder, { update: patched.update, finalize: patched.finalize });
    passThrough.finalize = patched.passThrough;
    MimeNode.prototype.setupContentDecoder = patched.setup;
    reader.readLine = patched.readLine;
  }
}

/** A whole parse, attachments' bytes included, as comparable text. */
async function parse(raw: Buffer): Promise<string> {
  const email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  return JSON.stringify({ ...email, attachments: email.attachments.map((a) => ({ ...a, content: Buffer.from(a.content as ArrayBuffer).toString('hex') })) });
}

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const CRLF = [bytes('\r\n')];

/** Every line postal-mime's reader gives for `bytes`, with the patched reader or the original. */
function lines(bytes: Uint8Array, original: boolean): [string, boolean][] {
  const buf = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const reader = { av: new Uint8Array(buf), buf, readPos: 0 };
  const readLine = original ? ORIGINAL!.readLine : (PostalMime.prototype as unknown as { readLine: () => { bytes: Uint8Array; done: boolean } }).readLine;
  const out: [string, boolean][] = [];
  while (reader.readPos < reader.av.length) {
    const { bytes: line, done } = readLine.call(reader);
    out.push([Buffer.from(line).toString('latin1'), done]);
  }
  return out;
}

describe("postal-mime's reader and decoders, replaced by native code (postal-mime-native.ts)", () => {
  it('are in place (postal-mime 4.0.0: an upgrade that changes them is noticed here)', () => {
    expect(FAST_POSTAL_MIME).toBe(true);
    expect(ORIGINAL).not.toBeNull();
    expect(new Base64Decoder().update).not.toBe(ORIGINAL?.update);
    expect((PostalMime.prototype as unknown as { readLine: unknown }).readLine).not.toBe(ORIGINAL?.readLine);
    expect(new PassThroughDecoder().finalize).not.toBe(ORIGINAL?.passThroughFinalize);
    expect(MimeNode.prototype.setupContentDecoder).not.toBe(ORIGINAL?.setupContentDecoder);
  });

  it('decodes quoted-printable as the original QPDecoder does: escapes, soft breaks, stray and cut escapes, any bytes', async () => {
    const cases = [
      ['Ol=C3=A1, cora=C3=A7=C3=A3o', 'soft=', 'break=3D=', '', '=', '==', '=4', '=41', 'a=4=', 'a=41=', '=ZZ=41', '=4g=4G=4a', 'x=\t', 'fim=0D=0A'],
      [],
      [''],
      ['=3D=3D=3D='],
    ];
    for (const lines of cases) {
      const input = views(lines.map(bytes), CRLF);
      expect(await run(new QuotedPrintableDecoder(), input)).toEqual(await run(new QPDecoder(), input));
    }
    expect((await run(new QuotedPrintableDecoder(), views(['Ol=C3=A1, cora=C3=A7=C3=A3o', 'junto=', ' aqui'].map(bytes), CRLF))).toString()).toBe('Olá, coração\njunto aqui\n');
    const line = fc.oneof(
      fc.array(fc.constantFrom(...'==0123456789abcdefABCDEFgG \t\u00e9\u00ff'.split('')), { maxLength: 90 }).map((cs) => bytes(cs.join(''))),
      fc.uint8Array({ maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 40 }), fc.array(fc.constantFrom(bytes('\r\n'), bytes('\n'), bytes('')), { minLength: 1, maxLength: 3 }), async (lines, eols) => {
        const input = views(lines, eols);
        expect(await run(new QuotedPrintableDecoder(), input)).toEqual(await run(new QPDecoder(), input));
      }),
      { numRuns: 500 },
    );
  });

  it('joins 7bit/8bit lines as the original PassThroughDecoder does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 60 }), { maxLength: 40 }), async (lines) => {
        const input = views(lines, CRLF);
        const original = new PassThroughDecoder();
        original.finalize = ORIGINAL!.passThroughFinalize;
        expect(await run(new PassThroughDecoder(), input)).toEqual(await run(original, input));
      }),
      { numRuns: 300 },
    );
  });

  it('the reader gives the lines the original gives, whatever the CRs and LFs', () => {
    for (const text of ['', 'a', '\n', '\r', '\r\n', 'a\r\nb', 'a\rb\r\r\n\nc\r', 'x\n\r\ny\r\r']) expect(lines(bytes(text), false)).toEqual(lines(bytes(text), true));
    fc.assert(
      fc.property(fc.array(fc.constantFrom(0x0d, 0x0a, 0x41, 0x20, 0x00, 0xff), { maxLength: 200 }), (xs) => {
        expect(lines(new Uint8Array(xs), false)).toEqual(lines(new Uint8Array(xs), true));
      }),
      { numRuns: 500 },
    );
  });

  it('gives the bytes of ordinary base64, 76 characters a line', async () => {
    const data = Buffer.from(Array.from({ length: 100_003 }, (_, i) => (i * 7919) % 256));
    const lines = data.toString('base64').match(/.{1,76}/g)!.map(bytes);
    expect((await decode(lines, CRLF, false)).equals(data)).toBe(true);
  });

  it('gives what the original gives for lines padded one by one, stray characters, bare LF and lone characters', async () => {
    const cases: [string[], Uint8Array[]][] = [
      [['QUJD', 'REVG=', 'R0g=', 'SQ=='], CRLF],
      [['QU JD\tRE', 'VG!!R0', 'hJ\u00e9Sg', '=', 'Sw'], [bytes('\n')]],
      [['QUJDR', 'QUJ=DR=', '==Q', 'Q'], [bytes('\r\n'), bytes('\n'), bytes('')]],
      [[''], CRLF],
      [[], CRLF],
    ];
    for (const [lines, eol] of cases) {
      const input = lines.map(bytes);
      expect(await decode(input, eol, false)).toEqual(await decode(input, eol, true));
    }
  });

  it('gives what the original gives for any bytes, whatever the line breaks between the lines', async () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=== \t.-_\u00e9\u00ff\r';
    const line = fc.oneof(
      fc.array(fc.constantFrom(...alphabet.split('')), { maxLength: 90 }).map((cs) => bytes(cs.join(''))),
      fc.uint8Array({ maxLength: 40 }),
    );
    const eol = fc.constantFrom(bytes('\r\n'), bytes('\n'), bytes(''), bytes('\r'), bytes('x'), bytes('=\r\n'));
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 40 }), fc.array(eol, { minLength: 1, maxLength: 3 }), async (lines, eols) => {
        expect(await decode(lines, eols, false)).toEqual(await decode(lines, eols, true));
      }),
      { numRuns: 400 },
    );
  });

  it('gives what the original gives for base64 as mailers write it, padded or not, cut anywhere, any line length', async () => {
    const eol = fc.constantFrom(bytes('\r\n'), bytes('\n'), bytes('\r'), bytes('\r\r\n'));
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 1, max: 80 }), fc.nat(3), fc.constantFrom('', '=', '==', '==='), fc.array(eol, { minLength: 1, maxLength: 2 }), async (data, width, cut, pad, eols) => {
        const text = Buffer.from(data).toString('base64').replace(/=+$/, '');
        const b64 = text.slice(0, Math.max(0, text.length - cut)) + pad;
        const input = (b64.match(new RegExp(`[^]{1,${width}}`, 'g')) ?? []).map(bytes);
        expect(await decode(input, eols, false)).toEqual(await decode(input, eols, true));
      }),
      { numRuns: 400 },
    );
  });

  it('gives what the original gives for hostile line breaks before a stray padding (no pattern that backtracks over them)', async () => {
    // 50,000 empty lines, then '=' and a character: the first version's pattern, with two
    // overlapping repetitions, backtracked over them for a minute (quadratic); plain() scans twice.
    for (const tail of ['=x', 'QQ=x']) {
      const input = [...Array.from({ length: 50_000 }, () => bytes('')), bytes(tail)];
      expect(await decode(input, CRLF, false)).toEqual(await decode(input, CRLF, true));
    }
  });

  it('parses the published real-world and torture messages (../shared/corpora) exactly as the original methods do', async () => {
    const dir = path.resolve(__dirname, '../../../../shared/corpora');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const raw = fs.readFileSync(path.join(dir, file));
      expect({ file, parsed: await parse(raw) }).toEqual({ file, parsed: await withOriginals(() => parse(raw)) });
    }
  });

  it('parses a message with quoted-printable, 8bit and binary parts exactly as the original methods do', async () => {
    const raw = Buffer.from(
      [
        'From: =?UTF-8?Q?Jo=C3=A3o?= <a@exemplo.com.br>',
        'To: b@exemplo.com.br',
        'Subject: =?ISO-8859-1?Q?Certid=E3o?=',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: multipart/alternative; boundary="c"',
        '',
        '--c',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Prezados, segue a certid=C3=A3o da Junta Comercial de S=C3=A3o Paulo, com a =',
        'altera=C3=A7=C3=A3o contratual. Valor: 2+2=3D4, =ZZ fica, =4 tamb=C3=A9m=',
        '',
        '--c',
        'Content-Type: text/html; charset=iso-8859-1',
        'Content-Transfer-Encoding: Quoted-Printable',
        '',
        '<p>Certid=E3o <b>emitida</b>=',
        '</p>=0D=0A',
        '--c--',
        '--b',
        'Content-Type: text/plain; charset=utf-8; name="nota.txt"',
        'Content-Disposition: attachment; filename="nota.txt"',
        'Content-Transfer-Encoding: 8bit',
        '',
        'Observação em 8 bits,',
        'duas linhas.',
        '--b',
        'Content-Type: application/octet-stream; name="dados.bin"',
        'Content-Transfer-Encoding: binary',
        '',
        '\u00ff\u0000\u0001=\u00fe',
        '--b--',
        '',
      ].join('\r\n'),
      'latin1',
    );
    const patched = await parse(raw);
    expect(patched).toEqual(await withOriginals(() => parse(raw)));
    const email = JSON.parse(patched) as { text: string; html: string; subject: string };
    expect(email.subject).toBe('Certidão');
    expect(email.text).toContain('certidão da Junta Comercial de São Paulo, com a alteração contratual. Valor: 2+2=4, =ZZ fica, =4 também');
    expect(email.html).toContain('Certidão <b>emitida</b></p>');
  });

  it('decodes the attachments of a whole message, and of a base64 part between other parts', async () => {
    const pdf = Buffer.from(Array.from({ length: 70_001 }, (_, i) => (i * 31) % 256));
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const raw = [
      'From: a@exemplo.com.br',
      'To: b@exemplo.com.br',
      'Subject: anexos',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('Segue o contrato e a logo. Ação!').toString('base64'),
      '--b',
      'Content-Type: application/pdf; name="contrato.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      pdf.toString('base64').replace(/.{76}/g, '$&\r\n'),
      '--b',
      'Content-Type: image/png; name="logo.png"',
      'Content-Transfer-Encoding: base64',
      '',
      // Padded line by line, as some mailers write it.
      ...Array.from({ length: png.length / 2 }, (_, i) => png.subarray(2 * i, 2 * i + 2).toString('base64')),
      '--b--',
      '',
    ].join('\r\n');
    const email = await PostalMime.parse(Buffer.from(raw), { attachmentEncoding: 'arraybuffer' });
    expect(email.text?.trim()).toBe('Segue o contrato e a logo. Ação!');
    expect(email.attachments.map((a) => [a.filename, Buffer.from(a.content as ArrayBuffer).toString('hex')])).toEqual([
      ['contrato.pdf', pdf.toString('hex')],
      ['logo.png', png.toString('hex')],
    ]);
  });
});
