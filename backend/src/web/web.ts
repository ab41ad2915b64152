import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { precompressed, sendPage } from './precompressed';

interface SpaMount {
  prefix: string;
  dir: string;
}

/**
 * The front ends, from the same process as the API: the public site's prerendered pages at /, the
 * staff panel at /painel and the client portal at /cliente (single-page apps: any path under them
 * gets their index.html). Any other path redirects to / (§2.1); /api paths are left to Nest, which
 * answers JSON 404 for unknown ones, and never reach the file handlers (each /api request made one stat
 * and one existsSync there: 6 % of a list request's CPU in the profile, issue 14).
 */
export function frontEnds(webRoot: string): RequestHandler {
  const router = express.Router();
  const site = path.join(webRoot, 'public-site', 'dist');
  const spas: SpaMount[] = [
    { prefix: '/painel', dir: path.join(webRoot, 'admin', 'dist') },
    { prefix: '/cliente', dir: path.join(webRoot, 'client-portal', 'dist') },
  ];
  const immutable = { immutable: true, maxAge: '365d', index: false, redirect: false } as const;
  // A built asset is there or it is not: a missing one is a plain 404 (not the app's index page,
  // which a browser would try to run as a script, nor a redirect).
  const assets = (dir: string) => [precompressed(dir), express.static(dir, immutable), missingAsset];

  for (const spa of spas) {
    router.use(`${spa.prefix}/assets`, ...assets(path.join(spa.dir, 'assets')));
    router.use(spa.prefix, precompressed(spa.dir), express.static(spa.dir, { index: false, redirect: false }));
    router.get([spa.prefix, `${spa.prefix}/*rest`], (req: Request, res: Response, next: NextFunction) => {
      const index = path.join(spa.dir, 'index.html');
      if (!fs.existsSync(index)) return next();
      sendPage(req, res, index);
    });
  }

  router.use('/assets', ...assets(path.join(site, 'assets')));
  router.use(precompressed(site), express.static(site, { index: false, redirect: false, extensions: [] }));
  router.get('/*rest', (req: Request, res: Response, next: NextFunction) => {
    const page = prerenderedPage(site, req.path);
    if (page) return sendPage(req, res, page);
    res.redirect(302, '/');
  });
  router.get('/', (req: Request, res: Response, next: NextFunction) => {
    const page = prerenderedPage(site, '/');
    if (!page) return next();
    sendPage(req, res, page);
  });
  return (req, res, next) => (isApiPath(req.path) ? next() : router(req, res, next));
}

const isApiPath = (urlPath: string) => urlPath === '/api' || urlPath.startsWith('/api/');

function missingAsset(_req: Request, res: Response): void {
  res.status(404).type('text/plain; charset=utf-8').setHeader('Cache-Control', 'no-cache');
  res.send('Arquivo não encontrado.');
}

/** public-site/dist/<route>/index.html for a clean route path, never outside the folder. */
function prerenderedPage(site: string, urlPath: string): string | null {
  const clean = urlPath.replace(/\/+$/, '') || '/';
  if (!/^\/[a-z0-9\-/]*$/i.test(clean) || clean.includes('..')) return null;
  const file = path.join(site, clean, 'index.html');
  if (!file.startsWith(site + path.sep)) return null;
  return fs.existsSync(file) ? file : null;
}
