/*
 * Run each mutant against only the spec files that hold a test covering it (issue 22, ADR-0028).
 *
 * StrykerJS's jest runner narrows a mutant run to its covering tests with `--testNamePattern`, but
 * jest still imports every spec file of the area to find those names, and importing (the module
 * graph of each spec, under --experimental-vm-modules) was most of a mutant's cost. This file is
 * two jest plugins that share one record:
 * - `CoveringFilesEnvironment` (the test environment): during Stryker's initial run with "perTest"
 *   coverage, it notes, for every test, which spec file it lives in and which mutants it reached,
 *   and which mutants ran outside any test (module top level, `beforeAll`: "static" mutants).
 * - `filter` (jest's `filter` option): in a mutant run it keeps only the spec files that hold a test
 *   covering the active mutant. A static mutant, or one the record does not know, keeps every file,
 *   which is what Stryker itself would run. The verdict cannot change: the tests Stryker asks for
 *   are all in the kept files, and the dropped files would have run nothing.
 * Outside Stryker (no `__stryker__` context, no active mutant) both are inert.
 */
const fs = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

const RECORD = path.join(__dirname, '.covering-files.json');
const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';
// One record per worker process, across the spec files of the initial run.
const seen = (globalThis.__engramCoveringFiles ??= { files: new Map() });

class CoveringFilesEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
  }

  strykerContext() {
    return this.global[this.global.__strykerGlobalNamespace__ ?? '__stryker__'];
  }

  async handleTestEvent(event) {
    if (event.name !== 'test_done' || process.env[ACTIVE_MUTANT] !== undefined) return;
    const ctx = this.strykerContext();
    const hits = ctx?.currentTestId === undefined ? undefined : ctx.mutantCoverage?.perTest?.[ctx.currentTestId];
    for (const id of Object.keys(hits ?? {})) {
      if (!seen.files.has(id)) seen.files.set(id, new Set());
      seen.files.get(id).add(this.testPath);
    }
  }

  async teardown() {
    const ctx = this.strykerContext();
    if (ctx?.mutantCoverage && process.env[ACTIVE_MUTANT] === undefined) {
      const files = Object.fromEntries([...seen.files].map(([id, set]) => [id, [...set]]));
      fs.writeFileSync(RECORD, JSON.stringify({ static: Object.keys(ctx.mutantCoverage.static ?? {}), files }));
    }
    await super.teardown();
  }
}

let record;
async function filter(testPaths) {
  const active = process.env[ACTIVE_MUTANT];
  if (active === undefined) return { filtered: testPaths };
  record ??= fs.existsSync(RECORD) ? JSON.parse(fs.readFileSync(RECORD, 'utf8')) : null;
  const files = record && !record.static.includes(active) ? record.files[active] : undefined;
  if (!files) return { filtered: testPaths };
  const keep = new Set(files);
  return { filtered: testPaths.filter((p) => keep.has(p)) };
}

// jest's `filter` option loads this file; `covering-files.environment.cjs` exports the environment.
module.exports = filter;
module.exports.CoveringFilesEnvironment = CoveringFilesEnvironment;
