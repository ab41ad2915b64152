import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

// The public site is served at the origin's root; its pages are prerendered by
// scripts/prerender.mjs from the client build's index.html.
export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@veritas/common': path.resolve(here, '../packages/common/src/index.ts') },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
