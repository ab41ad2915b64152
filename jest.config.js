// Three tiers (see CONVENTIONS.md): unit tests beside the code, API tests against the Nest app
// on a real database (SQLite always, MariaDB/MySQL when TEST_MYSQL_URL is set), and browser
// tests against the built product in Debian's Chromium.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }];
// file-type and the packages it reads with ship only ES modules. Node 20.19 loads them from the
// compiled backend by require(); Jest's own module system does not, so it compiles them to CommonJS.
// @fastify/static's content-disposition likewise.
const ESM_ONLY = ['file-type', 'strtok3', 'token-types', '@tokenizer/inflate', 'uint8array-extras', '@borewit/text-codec', 'content-disposition'];
const common = {
  rootDir: __dirname,
  transform: {
    '^.+\\.tsx?$': tsJest,
    [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' } }],
  },
  // Also where a package keeps its own copy (@fastify/static/node_modules/content-disposition).
  transformIgnorePatterns: [`/node_modules/(?!(.+/node_modules/)?(${ESM_ONLY.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper: {
    '^@veritas/common$': '<rootDir>/packages/common/src/index.ts',
    '^@veritas/web$': '<rootDir>/packages/web/src/index.ts',
    // Its exports name no CommonJS entry (only import and module-sync).
    '^file-type$': '<rootDir>/node_modules/file-type/index.js',
  },
  testEnvironment: 'node',
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      // packages/*/src covers packages/common and packages/web.
      testMatch: ['<rootDir>/packages/*/src/**/*.spec.ts', '<rootDir>/backend/src/**/*.spec.ts', '<rootDir>/admin/src/**/*.spec.ts'],
    },
    {
      ...common,
      // The panel's and the portal's components in jsdom (Testing Library), beside the code; run with the unit tier.
      displayName: 'components',
      testEnvironment: 'jsdom',
      // jsdom's default export conditions ('browser') pick some packages' ESM builds, which Jest's CommonJS cannot load.
      testEnvironmentOptions: { customExportConditions: ['node', 'require', 'default'] },
      testMatch: ['<rootDir>/admin/src/**/*.spec.tsx', '<rootDir>/client-portal/src/**/*.spec.{ts,tsx}'],
      // react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module.
      transform: { ...common.transform, '^.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }] },
      transformIgnorePatterns: ['/node_modules/(?!react-hotkeys-hook/)'],
      setupFilesAfterEnv: ['<rootDir>/test/support/jsdom-setup.ts'],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/timeout-api.ts'],
    },
    {
      ...common,
      displayName: 'ui',
      testMatch: ['<rootDir>/test/ui/**/*.ui-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/timeout-ui.ts'],
    },
  ],
};
