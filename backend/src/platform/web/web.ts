import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import * as fs from 'node:fs';
import * as path from 'node:path';

interface SpaMount {
  prefix: string;
  dir: string;
}

/** A built asset's name carries its hash: it never changes, so browsers keep it for a year. */
const IMMUTABLE = { immutable: true, maxAge: '365d' } as const;

/**
 * The front ends' files are compressed at build time (scripts/precompress.mjs): @fastify/static sends
 * the .br or .gz variant the browser accepts, so their routes skip the per-request compression.
 */
const FRONT_END_ROUTE: RouteShorthandOptions = { compress: false };

/**
 * The front ends, from the same process as the API: the public site's prerendered pages at /, the
 * staff panel at /painel and the client portal at /cliente (single-page apps: any path under them
 * gets their index.html). Any other path redirects to / (§2.1); /api paths are left to Nest, which
 * answers JSON 404 for unknown ones, and never reach the file handlers (each /api request made one stat
 * and one existsSync there: 6 % of a list request's CPU in the profile, issue 14) — they have routes
 * of their own, which the router prefers to these wildcards.
 */
export async function frontEnds(app: NestFastifyApplication, webRoot: string): Promise<void> {
  const site = path.join(webRoot, 'public-site', 'dist');
  const spas: SpaMount[] = [
    { prefix: '/painel', dir: path.join(webRoot, 'admin', 'dist') },
    { prefix: '/cliente', dir: path.join(webRoot, 'client-portal', 'dist') },
  ];
  // No route of its own (serve: false): reply.sendFile, with the precompressed variants, for the routes below.
  await app.register(fastifyStatic, { serve: false, preCompressed: true, dotfiles: 'ignore' });
  const fastify = app.getHttpAdapter().getInstance();

  const sitePath = (req: FastifyRequest, reply: FastifyReply) => {
    const urlPath = pathOf(req);
    if (isApiPath(urlPath)) return reply.callNotFound();
    const file = fileIn(site, urlPath);
    if (file) return reply.sendFile(file, site);
    const page = prerenderedPage(site, urlPath);
    if (page) return sendPage(reply, site, page);
    return reply.redirect('/', 302);
  };

  // `/assets` itself too: with trailing slashes ignored, `/painel/assets/` is that route, not the app's.
  const assetRoutes = (prefix: string, dir: string) => {
    const send = (req: FastifyRequest, reply: FastifyReply) => sendAsset(reply, dir, pathOf(req).slice(prefix.length));
    fastify.get(prefix, FRONT_END_ROUTE, send);
    fastify.get(`${prefix}/*`, FRONT_END_ROUTE, send);
  };

  for (const spa of spas) {
    assetRoutes(`${spa.prefix}/assets`, path.join(spa.dir, 'assets'));
    const spaPath = (req: FastifyRequest, reply: FastifyReply) => {
      const file = fileIn(spa.dir, pathOf(req).slice(spa.prefix.length));
      if (file) return reply.sendFile(file, spa.dir);
      // Not built (a test, an API-only deployment): as any other path outside the front ends.
      if (!fs.existsSync(path.join(spa.dir, 'index.html'))) return sitePath(req, reply);
      return sendPage(reply, spa.dir, 'index.html');
    };
    fastify.get(spa.prefix, FRONT_END_ROUTE, spaPath);
    fastify.get(`${spa.prefix}/*`, FRONT_END_ROUTE, spaPath);
  }

  assetRoutes('/assets', path.join(site, 'assets'));
  // Browsers and crawlers ask for /favicon.ico whatever the page declares: the firm's icon (the
  // SVG every page links to, image/svg+xml, which browsers take at this address), not a redirect.
  fastify.get('/favicon.ico', FRONT_END_ROUTE, (req, reply) =>
    fs.existsSync(path.join(site, FAVICON)) ? reply.sendFile(FAVICON, site) : sitePath(req, reply),
  );
  fastify.get('/', FRONT_END_ROUTE, sitePath);
  fastify.get('/*', FRONT_END_ROUTE, sitePath);
}

const FAVICON = 'favicon.svg';

const isApiPath = (urlPath: string) => urlPath === '/api' || urlPath.startsWith('/api/');

/** The request's path, without its query. */
function pathOf(req: FastifyRequest): string {
  const query = req.url.indexOf('?');
  return query === -1 ? req.url : req.url.slice(0, query);
}

/**
 * A built asset, or a plain 404: a missing one is neither the app's index page (which a browser
 * would try to run as a script) nor a redirect.
 */
function sendAsset(reply: FastifyReply, dir: string, urlPath: string): FastifyReply {
  const file = fileIn(dir, urlPath);
  if (file) return reply.sendFile(file, dir, IMMUTABLE);
  return reply.code(404).type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send('Arquivo não encontrado.');
}

/** A page (an index.html), revalidated on every visit, in the precompressed variant the browser accepts. */
function sendPage(reply: FastifyReply, root: string, file: string): FastifyReply {
  reply.header('Cache-Control', 'no-cache');
  return reply.sendFile(file, root, { cacheControl: false });
}

/**
 * The file a URL path names under `root` (relative to it), if it is a regular file there: the path
 * decoded, never outside the folder, never a dotfile.
 */
function fileIn(root: string, urlPath: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (relative.includes('\0') || /(^|\/)\./.test(relative)) return null;
  const base = path.resolve(root);
  const file = path.join(base, relative);
  if (!file.startsWith(base + path.sep)) return null;
  try {
    return fs.statSync(file).isFile() ? path.relative(base, file) : null;
  } catch {
    return null;
  }
}

/** The prerendered page for a clean route path (public-site/dist/<route>/index.html), relative to `site`. */
function prerenderedPage(site: string, urlPath: string): string | null {
  const clean = urlPath.replace(/\/+$/, '') || '/';
  if (!/^\/[a-z0-9\-/]*$/i.test(clean) || clean.includes('..')) return null;
  const file = path.join(site, clean, 'index.html');
  if (!file.startsWith(site + path.sep)) return null;
  return fs.existsSync(file) ? path.relative(site, file) : null;
}
