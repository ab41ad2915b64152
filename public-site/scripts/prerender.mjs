// Writes one static HTML file per public route, from the client build's index.html and the
// SSR build's render(): `/` -> dist/index.html, `/login` -> dist/login/index.html, ...
// plus sitemap.xml and robots.txt. A page with islands also gets <link rel="modulepreload">
// for their code, read from Vite's manifest, so the browser fetches it without waiting.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const templateFile = path.join(dist, 'index.html');
const manifestFile = path.join(dist, '.vite', 'manifest.json');

const template = await fs.readFile(templateFile, 'utf8');
for (const marker of ['<!--app-head-->', '<!--app-html-->', 'data-route=""']) {
  if (!template.includes(marker)) throw new Error(`prerender: ${marker} ausente em dist/index.html`);
}
const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8'));

const { render, routes, siteFiles } = await import(pathToFileURL(path.join(root, 'dist-ssr', 'entry-server.js')).href);

const escapeAttr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The JS files a manifest entry needs (itself and its static imports), depth first. */
function chunkFiles(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [entry.file, ...(entry.imports ?? []).flatMap((imported) => chunkFiles(imported, seen))];
}

const entryFiles = new Set(chunkFiles('index.html'));

/** modulepreload links for the islands on a page ("./pages/x/Y.tsx#Name" -> src/pages/x/Y.tsx). */
function islandPreloads(html) {
  const keys = [...html.matchAll(/data-island="\.\/([^"#]+)#/g)].map((match) => `src/${match[1]}`);
  if (keys.length === 0) return [];
  const files = new Set(['src/islands.client.ts', ...keys].flatMap((key) => chunkFiles(key)));
  return [...files].filter((file) => !entryFiles.has(file)).map((file) => `<link rel="modulepreload" href="/${file}" />`);
}

const seen = new Set();
for (const route of routes) {
  if (seen.has(route.path)) throw new Error(`prerender: rota repetida ${route.path}`);
  seen.add(route.path);
  const { html, head } = render(route.path);
  const page = template
    .replace('<!--app-head-->', () => [head, ...islandPreloads(html)].join('\n    '))
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

// The manifest served its purpose; it is not for the browser.
await fs.rm(path.join(dist, '.vite'), { recursive: true, force: true });
