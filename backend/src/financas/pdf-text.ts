import { inflateSync } from 'node:zlib';

/**
 * The text drawn in a PDF made by pdfkit with its standard fonts: the hex strings of the TJ
 * operators of each content stream (inflated when compressed), decoded as WinAnsi (≈ latin1).
 * Enough for the tests to check what a receipt says without a PDF library.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    try {
      return inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      return m[1];
    }
  });
  return streams
    .flatMap((s) => [...s.matchAll(/\[([^\]]*)\]\s*TJ/g)])
    .map((tj) => [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''))
    .join('\n');
}
