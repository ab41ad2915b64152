import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { spaConfig } from '../vite.spa';

const here = path.dirname(fileURLToPath(import.meta.url));

// The staff panel, served at /painel/. react-admin and MUI make a large vendor chunk: expected.
const config = spaConfig('/painel/', react(), { chunkSizeWarningLimit: 1600 });
// Polyfills of node-polyglot that every supported browser has natively (see shims/).
config.resolve!.alias = {
  ...(config.resolve!.alias as Record<string, string>),
  'object.entries': path.join(here, 'shims/object-entries.cjs'),
  hasown: path.join(here, 'shims/hasown.cjs'),
};
export default defineConfig(config);
