// Three tiers (see CONVENTIONS.md): unit tests beside the code, API tests against the Nest app
// on a real database (SQLite always, MariaDB/MySQL when TEST_MYSQL_URL is set), and browser
// tests against the built product in Debian's Chromium.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }];
const common = {
  rootDir: __dirname,
  transform: { '^.+\\.tsx?$': tsJest },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper: {
    '^@veritas/common$': '<rootDir>/packages/common/src/index.ts',
    '^@veritas/web$': '<rootDir>/packages/web/src/index.ts',
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
