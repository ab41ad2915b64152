// Writes one static HTML file per public route, from the client build's index.html and the
// SSR build's render(): `/` -> dist/index.html, `/login` -> dist/login/index.html, ...
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

const { render, routes } = await import(pathToFileURL(path.join(root, 'dist-ssr', 'entry-server.js')).href);

const escapeAttr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

for (const route of routes) {
  const { html, head } = render(route.path);
  const page = template
    .replace('<!--app-head-->', () => head)
    .replace('data-route=""', () => `data-route="${escapeAttr(route.path)}"`)
    .replace('<!--app-html-->', () => html);
  const file = route.path === '/' ? templateFile : path.join(dist, route.path.replace(/^\//, ''), 'index.html');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, page);
  console.log(`prerender: ${route.path} -> ${path.relative(root, file)} (${Buffer.byteLength(page)} bytes)`);
}
