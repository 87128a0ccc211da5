// StrykerJS (issue 22, ADR-0028): `npm run mutation`, not part of `npm test` (see docs/quality.md).
// Scoped run: `npm run mutation -- --mutate libs/retrieval/src/pipeline/fusion.ts`.
/** The code that guards data and answers, by area (docs/quality.md reports a score per area). */
export const MUTATION_AREAS = {
  librarian: ['libs/librarian/src/**/*.ts'],
  memory: ['libs/memory/src/record-reader.ts', 'libs/memory/src/decay.ts', 'libs/memory/src/scope.ts'],
  retrieval: ['libs/retrieval/src/queries/visibility.filter.ts', 'libs/retrieval/src/pipeline/*.ts'],
  lifecycle: ['libs/lifecycle/src/decision/*.ts'],
  mcpSchemas: ['apps/mcp-server/src/tools/*.tool.ts', 'apps/mcp-server/src/tools/*schemas.ts'],
};

const NOT_TESTS = ['!**/*.spec.ts', '!**/*.int-spec.ts', '!**/*.e2e-spec.ts', '!**/index.ts', '!**/*.types.ts'];

export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'tools/mutation/jest.mutation.config.js', enableFindRelatedTests: true },
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  coverageAnalysis: 'perTest',
  mutate: [...Object.values(MUTATION_AREAS).flat(), ...NOT_TESTS],
  // Two shared cores: one test runner keeps the machine usable for everyone else.
  concurrency: 1,
  timeoutMS: 10_000,
  // `--incremental` (npm run mutation:incremental) re-tests only mutants whose code or tests changed since this file.
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 80, low: 60, break: null },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['.cache', '.tools', 'dist', 'reports', '.engram-test', 'docker'],
  cleanTempDir: 'always',
};
