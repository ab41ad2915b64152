import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

// The client area is served at /cliente/ by the Nest server (SPA fallback to its index.html).
export default defineConfig({
  base: '/cliente/',
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
