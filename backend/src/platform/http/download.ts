import { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** Content-Disposition for a download: an ASCII fallback and the exact UTF-8 name (RFC 6266/5987). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * A stored file (a client's document, a mail attachment) sent as a download that the browser
 * never renders on our origin, whatever its content or the name its sender gave it: always an
 * attachment, no type sniffing, and a sandbox without any right should it be opened anyway.
 */
export function sandboxedDownload(res: FastifyReply, stream: Readable, file: { type: string; length?: number; fileName: string }): StreamableFile {
  res.header('Content-Security-Policy', "sandbox; default-src 'none'");
  res.header('X-Content-Type-Options', 'nosniff');
  res.header('Cache-Control', 'private, no-store');
  return new StreamableFile(stream, { type: file.type, length: file.length, disposition: attachmentDisposition(file.fileName) });
}
