import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firmFromEnv } from '../packages/common/src/firm';

const here = path.dirname(fileURLToPath(import.meta.url));

// The public site runs on Preact through its React compatibility layer, in the browser and in the
// prerender alike (the markup hydrated is the markup Preact wrote): React 19's react-dom alone is
// about 60 KB gzip, Preact with compat about 10 KB. The components stay ordinary React code.
// The exact-match patterns keep 'react-dom/client' and 'react-dom/server' apart from 'react-dom'.
const preactAliases = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// The public site is served at the origin's root; its pages are prerendered by
// scripts/prerender.mjs from the client build's index.html.
export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@veritas/common', replacement: path.resolve(here, '../packages/common/src/index.ts') },
      ...preactAliases,
    ],
  },
  // The firm's data is read from the environment at build time, once, for both builds.
  define: { __FIRM__: JSON.stringify(firmFromEnv(process.env)) },
  // Bundled into the SSR build so the aliases above apply to the prerender too.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One stylesheet for the whole site: an island's CSS must be in the prerendered page before
    // its script loads, or the page would jump when it does.
    cssCodeSplit: false,
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
