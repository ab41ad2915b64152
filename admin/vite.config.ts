import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { spaConfig } from '../vite.spa';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * react-admin's router adapter falls back to a hash router of its own (react-router's
 * `createHashRouter` + `RouterProvider`, i.e. the whole data router: loaders, actions, fetchers,
 * about 16 KB gzip) when it is not rendered inside a router. The panel always is — App.tsx wraps
 * it in `<BrowserRouter>` for its real /painel/... paths — so that fallback is dead code that
 * tree-shaking cannot see. This drops it from the build; should the panel ever render outside a
 * router, the fallback throws a clear error instead. The build fails if ra-core changes the file,
 * so the patch is reviewed again on an upgrade.
 */
function withoutRaHashRouter(): Plugin {
  const file = /ra-core\/dist\/routing\/adapters\/reactRouterProvider\.js$/;
  const imports = 'createHashRouter, RouterProvider as ReactRouterProvider, ';
  const fallback = /const InternalRouter = \([\s\S]*?\n};\n/;
  return {
    name: 'veritas:without-ra-hash-router',
    enforce: 'pre',
    transform(code, id) {
      if (!file.test(id.split('?')[0])) return null;
      if (!code.includes(imports) || !fallback.test(code)) {
        this.error('ra-core mudou reactRouterProvider.js: revise o plugin withoutRaHashRouter em admin/vite.config.ts.');
      }
      return code
        .replace(imports, '')
        .replace(fallback, "const InternalRouter = () => {\n    throw new Error('O painel precisa estar dentro de um roteador (o BrowserRouter de App.tsx).');\n};\n");
    },
  };
}

// The staff panel, served at /painel/. react-admin and MUI make a large vendor chunk: expected.
const config = spaConfig('/painel/', [react(), withoutRaHashRouter()], {
  chunkSizeWarningLimit: 1600,
  rolldownOptions: {
    output: {
      // Everything the entry imports statically (the first screen's code) in the entry's one file,
      // not in twenty shared chunks of a few KB: one request, one compression window, no
      // import/export glue between them (about 7 KB gzip less). Each screen stays its own chunk.
      codeSplitting: {
        groups: [
          { name: 'index', tags: ['$initial'] },
          // MUI's tooltip (layout/Hint), loaded right after the first paint: one file, not six.
          { name: 'Tooltip', test: /[\\/]node_modules[\\/](@popperjs[\\/]core|@mui[\\/]material[\\/](Tooltip|Popper|Portal)[\\/]|@mui[\\/](material|utils)[\\/].*(useControlled|useSlotProps))/ },
        ],
      },
    },
  },
});
// Polyfills of node-polyglot that every supported browser has natively (see shims/).
config.resolve!.alias = {
  ...(config.resolve!.alias as Record<string, string>),
  'object.entries': path.join(here, 'shims/object-entries.cjs'),
  hasown: path.join(here, 'shims/hasown.cjs'),
};
export default defineConfig(config);
