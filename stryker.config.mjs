// StrykerJS (issue 22, ADR-0028): `npm run mutation`, not part of `npm test` (see docs/quality.md).
//   ENGRAM_MUTATION_AREA=lifecycle npm run mutation                 one area, judged by its own unit tests
//   ENGRAM_MUTATION_AREA=retrieval npm run mutation -- --mutate libs/retrieval/src/pipeline/fusion.ts
//   npm run mutation:areas [area…]                                   every area in turn, one score each
import { selectedArea } from './tools/mutation/mutation-areas.mjs';

const area = selectedArea();
if (area.tests) process.env.ENGRAM_MUTATION_TESTS = area.tests.join(',');

export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'tools/mutation/jest.mutation.config.js', enableFindRelatedTests: !area.tests },
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  coverageAnalysis: 'perTest',
  mutate: area.mutate,
  // Two shared cores: one test runner keeps the machine usable for everyone else.
  concurrency: 1,
  timeoutMS: 10_000,
  // `--incremental` (npm run mutation:incremental) re-tests only mutants whose code or tests changed since this file.
  incrementalFile: `reports/mutation/${process.env.ENGRAM_MUTATION_AREA ?? 'all'}-incremental.json`,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${process.env.ENGRAM_MUTATION_AREA ?? 'all'}.json` },
  thresholds: { high: 80, low: 60, break: null },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['.cache', '.tools', 'dist', 'reports', '.engram-test', 'docker', '.stryker-tmp*'],
  cleanTempDir: 'always',
};
