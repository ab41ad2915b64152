// Writes the portal's shell into the built index.html (ADR 0059): the frame the app draws
// (src/layout/PortalShell.tsx, rendered by the SSR build's renderShell()) inside <div id="root">,
// and the stylesheet inlined in <head>, so a phone paints the frame from the HTML alone while the
// scripts load (they are in <head> as modules, fetched at once and run after parsing). The CSP
// allows inline styles, not inline scripts: the page carries no script of its own.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const file = path.join(dist, 'index.html');

const { renderShell } = await import(pathToFileURL(path.join(root, 'dist-ssr', 'shell.server.js')).href);

let page = await fs.readFile(file, 'utf8');
const ROOT = '<div id="root"></div>';
if (!page.includes(ROOT)) throw new Error(`prerender-shell: ${ROOT} ausente em dist/index.html`);
page = page.replace(ROOT, () => `<div id="root">${renderShell()}</div>`);

// The one stylesheet (the portal's CSS is not split), inlined: no request before the first paint.
const links = [...page.matchAll(/\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g)];
if (links.length !== 1) throw new Error(`prerender-shell: esperava uma folha de estilo em dist/index.html, achei ${links.length}`);
const [link, href] = links[0];
const base = '/cliente/';
if (!href.startsWith(base)) throw new Error(`prerender-shell: folha de estilo fora de ${base}: ${href}`);
const css = await fs.readFile(path.join(dist, href.slice(base.length)), 'utf8');
if (/url\(/.test(css)) throw new Error('prerender-shell: a folha de estilo tem url(): os endereços relativos mudariam ao embuti-la');
page = page.replace(link, () => `\n    <style>${css.trim()}</style>`);

// The scripts at low priority (as the public site's, ADR 0040): the frame paints from the HTML alone,
// and nothing the first paint needs shares the phone's bandwidth with them.
const scripts = /<(script type="module"|link rel="modulepreload") crossorigin /g;
if (!scripts.test(page)) throw new Error('prerender-shell: script de entrada ausente em dist/index.html');
page = page.replace(scripts, (tag) => `${tag}fetchpriority="low" `);

// The code that draws the app (react-dom and the rest of src/render.tsx's imports) is fetched with
// the page, at low priority, beside the entry, instead of after it: the entry imports it only after
// the first paint, when the files are already here. Vite's manifest names them; it is not served.
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8'));
const render = manifest['src/render.tsx'];
if (!render) throw new Error('prerender-shell: src/render.tsx ausente do manifesto do Vite');
const closure = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || closure.has(chunk.file)) return;
  closure.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
visit('src/render.tsx');
const preloads = [...closure]
  .filter((file) => !page.includes(`${base}${file}"`))
  .map((file) => `\n    <link rel="modulepreload" crossorigin fetchpriority="low" href="${base}${file}">`)
  .join('');
page = page.replace('</head>', () => `${preloads}\n  </head>`);
await fs.rm(path.join(dist, '.vite'), { recursive: true, force: true });

await fs.writeFile(file, page);
console.log(`prerender-shell: dist/index.html (${Buffer.byteLength(page)} bytes, estilo embutido ${css.length} bytes)`);
