// Writes one static HTML file per public route, from the client build's index.html and the
// SSR build's render(): `/` -> dist/index.html, `/login` -> dist/login/index.html, ...
// plus sitemap.xml and robots.txt. A page's islands load their code after the first paint
// (entry-client.tsx), so the page has no preload of it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const templateFile = path.join(dist, 'index.html');

const template = await fs.readFile(templateFile, 'utf8');
for (const marker of ['<!--app-head-->', '<!--app-html-->', 'data-route=""']) {
  if (!template.includes(marker)) throw new Error(`prerender: ${marker} ausente em dist/index.html`);
}

const { render, routes, siteFiles } = await import(pathToFileURL(path.join(root, 'dist-ssr', 'entry-server.js')).href);

const escapeAttr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The first paint needs the HTML and the stylesheet only: the stylesheet goes first in <head> and
 * the entry script (~2.5 KB) is fetched at low priority, so on a slow phone network nothing shares
 * the bandwidth with what paints the page (ADR 0040; bench/lighthouse.mjs).
 */
function paintFirst(page) {
  const stylesheet = page.match(/\s*<link rel="stylesheet"[^>]*>/);
  if (!stylesheet) throw new Error('prerender: folha de estilo ausente em dist/index.html');
  return page
    .replace(stylesheet[0], '')
    .replace(/(<meta name="viewport"[^>]*>)/, (viewport) => `${viewport}\n    ${stylesheet[0].trim()}`)
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=');
}

const seen = new Set();
for (const route of routes) {
  if (seen.has(route.path)) throw new Error(`prerender: rota repetida ${route.path}`);
  seen.add(route.path);
  const { html, head } = render(route.path);
  const page = paintFirst(template)
    .replace('<!--app-head-->', () => head)
    .replace('data-route=""', () => `data-route="${escapeAttr(route.path)}"`)
    .replace('<!--app-html-->', () => html);
  const file = route.path === '/' ? templateFile : path.join(dist, route.path.replace(/^\//, ''), 'index.html');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, page);
  console.log(`prerender: ${route.path} -> ${path.relative(root, file)} (${Buffer.byteLength(page)} bytes)`);
}

for (const { name, content } of siteFiles()) {
  await fs.writeFile(path.join(dist, name), content);
  console.log(`prerender: ${name}`);
}
