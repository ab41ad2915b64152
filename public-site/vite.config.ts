import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firmFromEnv } from '../packages/common/src/firm';
import { privacyFromEnv } from '../packages/common/src/privacy';

const here = path.dirname(fileURLToPath(import.meta.url));

// The public site is React: react-dom/server prerenders every page at build time (scripts/
// prerender.mjs) and react-dom/client hydrates only the islands (islands.client.ts), loaded on the
// pages that have one; a content page ships no framework code at all. Served at the origin's root.
export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: [{ find: '@veritas/common', replacement: path.resolve(here, '../packages/common/src/index.ts') }],
  },
  // The firm's data is read from the environment at build time, once, for both builds.
  define: {
    __FIRM__: JSON.stringify(firmFromEnv(process.env)),
    // The privacy notice's encarregado and contact retention (FIRM_DPO_*, CONTACT_RETENTION_DAYS): what the server enforces.
    __PRIVACY__: JSON.stringify(privacyFromEnv(process.env, firmFromEnv(process.env).email)),
  },
  // Everything bundled into the SSR build (workspace packages are TypeScript sources).
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One stylesheet for the whole site: an island's CSS must be in the prerendered page before
    // its script loads, or the page would jump when it does.
    cssCodeSplit: false,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
