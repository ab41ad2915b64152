import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, PluginOption, UserConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The Vite configuration of a single-page app that the Nest server serves under `base` (SPA
 * fallback to its index.html): the staff panel and the client portal. `@veritas/common` comes
 * from its sources; in development /api goes to the local server. Each app passes its own React
 * plugin (installed in its workspace).
 */
export function spaConfig(base: string, react: PluginOption, build: BuildOptions = {}): UserConfig {
  return {
    base,
    plugins: [react],
    resolve: { alias: { '@veritas/common': path.join(root, 'packages/common/src/index.ts') } },
    build: { outDir: 'dist', emptyOutDir: true, ...build },
    server: { proxy: { '/api': 'http://localhost:3000' } },
  };
}
