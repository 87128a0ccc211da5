/*
 * Run each mutant against only the spec files that hold a test covering it (issue 22, ADR-0028).
 *
 * StrykerJS's jest runner narrows a mutant run to its covering tests with `--testNamePattern`, but
 * jest still imports every spec file of the area to find those names, and importing (the module
 * graph of each spec, under --experimental-vm-modules) was most of a mutant's cost. This file is
 * two jest plugins that share one record:
 * - `CoveringFilesEnvironment` (the test environment): during Stryker's initial run with "perTest"
 *   coverage, it notes for every spec file which mutants its tests reached, and which mutants ran
 *   while the file ran but outside any test (module top level, `beforeAll`: "static" mutants).
 * - `filter` (jest's `filter` option): in a mutant run it keeps only the spec files in which the
 *   active mutant's code ran at all. A mutant the record does not know keeps every file.
 * The verdict cannot change. Jest gives each spec file its own module registry, so a spec file in
 * which the mutated code never ran (not at import, not in a hook, not in a test) passes or fails
 * the same with the mutant active. For a static mutant Stryker runs every test of the kept files.
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

  // Stryker's wrapper hands over its context after this class's constructor, before setup.
  async setup() {
    await super.setup();
    this.staticBefore = { ...this.strykerContext()?.mutantCoverage?.static };
  }

  strykerContext() {
    return this.global[this.global.__strykerGlobalNamespace__ ?? '__stryker__'];
  }

  note(ids) {
    for (const id of ids) {
      if (!seen.files.has(id)) seen.files.set(id, new Set());
      seen.files.get(id).add(this.testPath);
    }
  }

  async handleTestEvent(event) {
    if (event.name !== 'test_done' || process.env[ACTIVE_MUTANT] !== undefined) return;
    const ctx = this.strykerContext();
    const hits = ctx?.currentTestId === undefined ? undefined : ctx.mutantCoverage?.perTest?.[ctx.currentTestId];
    this.note(Object.keys(hits ?? {}));
  }

  async teardown() {
    const ctx = this.strykerContext();
    if (ctx?.mutantCoverage && process.env[ACTIVE_MUTANT] === undefined) {
      const ranHere = Object.entries(ctx.mutantCoverage.static ?? {}).filter(([id, n]) => n > (this.staticBefore[id] ?? 0));
      this.note(ranHere.map(([id]) => id));
      const files = Object.fromEntries([...seen.files].map(([id, set]) => [id, [...set]]));
      fs.writeFileSync(RECORD, JSON.stringify({ files }));
    }
    await super.teardown();
  }
}

let record;
async function filter(testPaths) {
  const active = process.env[ACTIVE_MUTANT];
  if (active === undefined) return { filtered: testPaths };
  record ??= fs.existsSync(RECORD) ? JSON.parse(fs.readFileSync(RECORD, 'utf8')) : null;
  const files = record?.files[active];
  if (!files) return { filtered: testPaths };
  const keep = new Set(files);
  return { filtered: testPaths.filter((p) => keep.has(p)) };
}

// jest's `filter` option loads this file; `covering-files.environment.cjs` exports the environment.
module.exports = filter;
module.exports.CoveringFilesEnvironment = CoveringFilesEnvironment;
