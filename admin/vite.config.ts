import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

// The staff panel is served at /painel/ by the Nest server (SPA fallback to its index.html).
export default defineConfig({
  base: '/painel/',
  plugins: [react()],
  resolve: {
    alias: { '@veritas/common': path.resolve(here, '../packages/common/src/index.ts') },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // react-admin and MUI make one large vendor chunk (about 330 KB gzip); that is expected.
    chunkSizeWarningLimit: 1600,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
