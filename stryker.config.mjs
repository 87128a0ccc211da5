// StrykerJS (issue 22, ADR-0028): `npm run mutation`, not part of `npm test` (see docs/quality.md).
//   ENGRAM_MUTATION_AREA=lifecycle npm run mutation                 one area, judged by its own unit tests
//   ENGRAM_MUTATION_AREA=retrieval npm run mutation -- --mutate libs/retrieval/src/pipeline/fusion.ts
//   npm run mutation:areas [area…]                                   every area in turn, one score each
//   ENGRAM_MUTATION_AREA=memory-int npm run mutation                  a DB-bound area (memory-int, retrieval-int, librarian-int), judged by integration specs (native Postgres)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { selectedArea } from './tools/mutation/mutation-areas.mjs';

const area = selectedArea();
if (area.tests) process.env.ENGRAM_MUTATION_TESTS = area.tests.join(',');
process.env.ENGRAM_MUTATION_TIER = area.tier;
const integration = area.tier === 'integration';
if (integration) {
  // Native Postgres only: a spec file's PGlite database is migrated from scratch (seconds), once per
  // file and mutant; a native one is a template clone (tens of ms). docs/quality.md has the figures.
  process.env.ENGRAM_TEST_BACKENDS ??= 'postgres';
  // The sandbox copy leaves `.cache` out, so point the specs at this checkout's model.
  const model = `${process.cwd()}/.cache/models/all-MiniLM-L6-v2`;
  if (!process.env.ENGRAM_TEST_MODEL_DIR && existsSync(model)) process.env.ENGRAM_TEST_MODEL_DIR = model;
  // Stryker ends its test runners with SIGKILL; their leased templates are dropped here, when the run ends.
  process.once('exit', () => {
    const drop = "import('./tools/mutation/int-databases.ts').then((m) => m.dropOrphanTemplates())";
    spawnSync(process.execPath, ['--require', './tools/test/resolve-ts-hook.cjs', '-e', drop], { stdio: 'ignore', timeout: 60_000 });
  });
}

export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'tools/mutation/jest.mutation.config.js', enableFindRelatedTests: !area.tests },
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  coverageAnalysis: 'perTest',
  mutate: area.mutate,
  // Two shared cores: one test runner keeps the machine usable for everyone else.
  concurrency: 1,
  // A DB-bound mutant that hangs holds a connection or a lock; an integration spec's hooks clone
  // databases and open pools, so its slack over the measured test time is larger. Stryker's
  // timeout is net time x 1.5 + this + the overhead it measured (the hooks), so 15 s still gives a
  // static librarian-int mutant ~38 s against its ~20 s; at 60 s each hanging one cost 80 s plus a
  // worker restart (docs/quality.md, 2026-11-27).
  timeoutMS: integration ? 15_000 : 10_000,
  // `--incremental` (npm run mutation:incremental) re-tests only mutants whose code or tests changed
  // since this file (Stryker re-tests any mutant whose source or covering tests differ from what it
  // recorded). Generated state, so it lives in the cache, not in git (ADR-0044: 14 MB that changed
  // with every run); ENGRAM_MUTATION_INCREMENTAL_DIR points a run at a copy from elsewhere (a CI
  // artifact, another machine's cache) to resume from its verdicts.
  incrementalFile: `${process.env.ENGRAM_MUTATION_INCREMENTAL_DIR ?? '.cache/mutation/incremental'}/${process.env.ENGRAM_MUTATION_AREA ?? 'all'}.json`,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${process.env.ENGRAM_MUTATION_AREA ?? 'all'}.json` },
  thresholds: { high: 80, low: 60, break: null },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['.cache', '.tools', 'dist', 'reports', '.engram-test', 'docker', '.stryker-tmp*'],
  cleanTempDir: 'always',
};
