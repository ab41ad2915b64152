import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { spaConfig } from '../vite.spa';

// The client area, served at /cliente/. Its index.html gets the prerendered frame and the inlined
// stylesheet after the build (scripts/prerender-shell.mjs, ADR 0059); the SSR build that renders the
// frame bundles the workspace's sources (TypeScript) and leaves the rest to Node.
// The manifest tells scripts/prerender-shell.mjs which files draw the app (it removes the manifest after).
export default defineConfig({ ...spaConfig('/cliente/', react(), { manifest: true }), ssr: { noExternal: ['@veritas/common', '@veritas/web'] } });
