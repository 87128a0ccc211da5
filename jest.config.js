// One jest run, three tiers (CONVENTIONS C12). ESM throughout: NestJS 12, pg-boss and the MCP SDK ship ESM.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: false },
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const shared = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@engram/(infra|memory|librarian|retrieval|agents|runtime|conversation|lifecycle)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  rootDir: '.',
};

export default {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{libs,apps,tools}/**/src/**/*.spec.ts', '<rootDir>/tools/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/libs/*/test/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/tools/test/global-setup.ts',
      globalTeardown: '<rootDir>/tools/test/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/tools/test/long-timeout.setup.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/apps/*/test/**/*.e2e-spec.ts', '<rootDir>/tools/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/tools/test/global-setup.ts',
      globalTeardown: '<rootDir>/tools/test/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/tools/test/long-timeout.setup.ts'],
    },
  ],
};
