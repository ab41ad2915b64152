// Lint: the boundaries between the front ends (issue 10). No app imports another app's source,
// and the shared packages import no app: what two apps share goes to packages/ (packages/web
// for browser code, packages/common for pure rules). Type errors are tsc's job (npm run typecheck).
import tsParser from '@typescript-eslint/parser';

const APPS = ['admin', 'client-portal', 'public-site'];

/** An import of `app`'s source: a relative path through its folder, or its workspace name. */
function appImport(app) {
  return { regex: `(^|/)${app}/|^@veritas/${app}($|/)`, message: `Não importe o código de ${app}: o que dois apps compartilham vai para packages/ (@veritas/web ou @veritas/common).` };
}

const source = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.mjs'];

export default [
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'test-results/**', 'data/**'] },
  {
    files: source,
    languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  ...APPS.map((app) => ({
    files: source.map((glob) => `${app}/${glob}`),
    rules: {
      'no-restricted-imports': ['error', { patterns: APPS.filter((other) => other !== app).map(appImport) }],
    },
  })),
  {
    files: source.map((glob) => `packages/${glob}`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [...APPS, 'backend'].map(appImport) }],
    },
  },
];
