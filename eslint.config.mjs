// Lint: the boundaries between the front ends (issue 10). No app imports another app's source,
// and the shared packages import no app: what two apps share goes to packages/ (packages/web
// for browser code, packages/common for pure rules). Type errors are tsc's job (npm run typecheck).
// And the backend's layers (issue 50): platform/ imports no feature and not the composition root, and a
// folder enters another folder through its index.ts only (backend/src/architecture.spec.ts checks the
// same, with the folder cycles and the file sizes).
import tsParser from '@typescript-eslint/parser';

const APPS = ['admin', 'client-portal', 'public-site'];

/** An import of `app`'s source: a relative path through its folder, or its workspace name. */
function appImport(app) {
  return { regex: `(^|/)${app}/|^@veritas/${app}($|/)`, message: `Não importe o código de ${app}: o que dois apps compartilham vai para packages/ (@veritas/web ou @veritas/common).` };
}

const source = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.mjs'];

/** `n` steps up: `../../` for 2. */
const up = (n) => `(\\.\\./){${n}}`;
const ROOT_FILES = '(app\\.module|bootstrap|data-source|entities|main)';
const INTERNALS = 'Importe pelo index.ts da pasta (o que ela exporta), não um arquivo de dentro dela.';

/**
 * A feature's file `depth` folders under backend/src (1: registros/x.ts, 2: registros/dto/x.ts): another
 * folder's internals and the composition root are refused. `readSidePieces`: the folders still importing
 * pieces of the read side until they use its facade (platform/read-side/boundary.spec.ts lists them).
 */
function featureRules(depth, readSidePieces = false) {
  const platformFolder = readSidePieces ? 'platform/(?!read-side/)[^/]+' : 'platform/[^/]+';
  return [
    { regex: `^${up(depth)}(?!platform/)[^./][^/]*/.`, message: INTERNALS },
    { regex: `^${up(depth)}${platformFolder}/.`, message: INTERNALS },
    { regex: `^${up(depth)}${ROOT_FILES}$`, message: 'Uma funcionalidade não importa a raiz de composição (app.module, bootstrap…).' },
  ];
}

/** A platform file `depth` folders under backend/src (2: platform/http/x.ts): no feature, no root, no other platform folder's internals. */
function platformRules(depth) {
  return [
    { regex: `^${up(depth)}`, message: 'platform/ não importa funcionalidades nem a raiz de composição: inverta a dependência (registro, evento ou interface estreita).' },
    { regex: `^${up(depth - 1)}[^./][^/]*/.`, message: INTERNALS },
  ];
}

/** backend/src's TypeScript files matching `glob` (its last segment the file name without .ts). */
const backendTs = (glob) => [`backend/src/${glob}.ts`];
const READ_SIDE_PIECES = ['registros', 'relatorios'];

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
  ...[1, 2, 3].map((depth) => ({
    files: backendTs(`${Array(depth).fill('*').join('/')}/*`),
    ignores: ['backend/src/platform/**', ...READ_SIDE_PIECES.map((f) => `backend/src/${f}/**`)],
    rules: { 'no-restricted-imports': ['error', { patterns: featureRules(depth) }] },
  })),
  ...[1, 2, 3].map((depth) => ({
    files: READ_SIDE_PIECES.flatMap((f) => backendTs(`${[f, ...Array(depth - 1).fill('*')].join('/')}/*`)),
    rules: { 'no-restricted-imports': ['error', { patterns: featureRules(depth, true) }] },
  })),
  ...[2, 3, 4].map((depth) => ({
    files: backendTs(`platform/${Array(depth - 1).fill('*').join('/')}/*`),
    rules: { 'no-restricted-imports': ['error', { patterns: platformRules(depth) }] },
  })),
];
