import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The precompressed variants the build writes (scripts/precompress.mjs), best first. */
const VARIANTS = [
  { encoding: 'br', ext: '.br' },
  { encoding: 'gzip', ext: '.gz' },
] as const;

/**
 * The quality the browser gives each content coding in Accept-Encoding (RFC 9110 §12.5.3): a
 * coding not named gets the `*` quality, else 0 (identity is always acceptable unless refused).
 */
export function encodingQualities(header: string | undefined): (coding: string) => number {
  const listed = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    listed.set(name, Number.isFinite(value) ? value : 0);
  }
  return (coding) => listed.get(coding) ?? listed.get('*') ?? (coding === 'identity' ? 1 : 0);
}

/**
 * Which precompressed variant of `file` to send, if any: the browser's best-rated coding among
 * those built (brotli before gzip at equal rating). Sets Vary: Accept-Encoding whenever a variant
 * exists (the answer depends on it), and Content-Encoding and the original's Content-Type when
 * one is chosen. Returns the variant's path, else null (send the file as it is).
 */
export function chooseVariant(req: Request, res: Response, file: string): string | null {
  const built = VARIANTS.filter((v) => fs.existsSync(file + v.ext));
  if (built.length === 0) return null;
  res.vary('Accept-Encoding');
  const quality = encodingQualities(req.headers['accept-encoding']);
  let best: (typeof VARIANTS)[number] | null = null;
  for (const variant of built) if (quality(variant.encoding) > 0 && (!best || quality(variant.encoding) > quality(best.encoding))) best = variant;
  if (!best) return null;
  res.setHeader('Content-Encoding', best.encoding);
  res.type(path.extname(file));
  return file + best.ext;
}

/**
 * Before express.static on `root`: a GET for a file that has precompressed variants is rewritten
 * to the variant the browser accepts, with the headers of the original (type, encoding, Vary).
 */
export function precompressed(root: string): RequestHandler {
  const base = path.resolve(root);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(base, relative);
    if (!file.startsWith(base + path.sep) || relative.endsWith('/')) return next();
    const variant = chooseVariant(req, res, file);
    if (variant) {
      const query = req.url.indexOf('?');
      req.url = req.url.slice(0, query === -1 ? undefined : query) + variant.slice(file.length) + (query === -1 ? '' : req.url.slice(query));
    }
    next();
  };
}

/** res.sendFile for a page (index.html), in the precompressed variant the browser accepts. */
export function sendPage(req: Request, res: Response, file: string): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.sendFile(chooseVariant(req, res, file) ?? file);
}
