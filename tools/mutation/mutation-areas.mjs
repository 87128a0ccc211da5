/*
 * The code that guards data and answers, by area (issue 22, ADR-0028). Each area's mutants are
 * judged by that area's own unit tests: asking jest for "tests related to" a file of
 * @engram/memory would load almost every spec in the repository per mutant, which is what made a
 * mutant cost 30 s instead of 2 s on the shared machine. docs/quality.md reports a score per area.
 */
import { toolContractRangesIn } from './tool-contract-ranges.mjs';

const NOT_SOURCE = ['!**/*.spec.ts', '!**/*.fixture.ts', '!**/*.int-spec.ts', '!**/*.e2e-spec.ts', '!**/index.ts', '!**/*.types.ts', '!**/*.d.ts', '!**/tables/*.ts', '!**/database-schema.ts'];

export const MUTATION_AREAS = {
  librarian: { mutate: ['libs/librarian/src/**/*.ts'], tests: ['libs/librarian/src/**/*.spec.ts'] },
  memory: {
    // sensitive/: the secret and PII detectors, moved here from the librarian by issue 17 (issue 22 bug 1).
    mutate: ['libs/memory/src/record-reader.ts', 'libs/memory/src/decay.ts', 'libs/memory/src/scope.ts', 'libs/memory/src/sensitive/*.ts'],
    // turns.spec measures wall-clock gaps (< 100 ms); on the loaded machine, under Stryker's
    // instrumentation, it fails the initial run, which stops the whole run. It judges turns.ts,
    // which is not mutated here; leaving it out can only let a mutant survive, never kill one.
    tests: ['libs/memory/src/**/*.spec.ts', '!libs/memory/src/turns.spec.ts'],
  },
  retrieval: {
    mutate: ['libs/retrieval/src/queries/visibility.filter.ts', 'libs/retrieval/src/pipeline/*.ts'],
    tests: ['libs/retrieval/src/**/*.spec.ts'],
  },
  lifecycle: { mutate: ['libs/lifecycle/src/decision/*.ts'], tests: ['libs/lifecycle/src/**/*.spec.ts'] },
  // The integration tier (ADR-0028 amendment 2): database-bound files that no unit test reaches,
  // judged by the *.int-spec.ts files that run them, on native Postgres. Score it together with
  // the unit tier's verdicts for the rest of its area (docs/quality.md).
  'memory-int': {
    tier: 'integration',
    mutate: ['libs/memory/src/record-reader.ts'],
    tests: ['libs/memory/test/**/*.int-spec.ts', 'libs/librarian/test/record-writer.int-spec.ts'],
  },
  // Defined for the next session, not yet run: the retrieval files the unit tier leaves as
  // "no coverage" (698 of the 1110 retrieval mutants tested by 2026-11-26), judged by retrieval's
  // integration specs. Check it first with `ENGRAM_MUTATION_AREA=retrieval-int npx stryker run --dryRunOnly`.
  'retrieval-int': {
    tier: 'integration',
    mutate: [
      'libs/retrieval/src/queries/visibility.filter.ts', 'libs/retrieval/src/pipeline/record-state.query.ts',
      'libs/retrieval/src/pipeline/gather-candidates.ts', 'libs/retrieval/src/pipeline/rank-candidates.ts',
      'libs/retrieval/src/pipeline/validate-ids.ts', 'libs/retrieval/src/pipeline/validate-state.ts',
      'libs/retrieval/src/pipeline/build-results.ts', 'libs/retrieval/src/pipeline/citation.ts',
      'libs/retrieval/src/pipeline/retrieval-pipeline.ts',
    ],
    tests: ['libs/retrieval/test/**/*.int-spec.ts'],
  },
  // The librarian files that read or write the store (issue 22): the gate's Layer 2 (it reads
  // records, candidates and links), the queue and audit log, the shared rate limiter and the commit
  // stage. Their only tests are the gate's integration specs. The pure files (Layer 1, policy,
  // similarity, candidate terms, the in-process rate limiter) stay with the unit tier `librarian`.
  'librarian-int': {
    tier: 'integration',
    mutate: [
      'libs/librarian/src/judge.ts', 'libs/librarian/src/decision-existing.ts', 'libs/librarian/src/edges/link-check.ts',
      'libs/librarian/src/layer2-candidates.query.ts', 'libs/librarian/src/audit-log.query.ts',
      'libs/librarian/src/gate-request.repository.ts', 'libs/librarian/src/gate.service.ts', 'libs/librarian/src/gate-review.ts',
      'libs/librarian/src/gate-submit.ts', 'libs/librarian/src/shared-rate-limiter.ts', 'libs/librarian/src/commit/*.ts',
    ],
    tests: ['libs/librarian/test/**/*.int-spec.ts'],
  },
  // The MCP tool contract (ADR-0028 amendment 3): the shared schema files whole, and in each tool
  // file only what tools/list shows (name, title, description, input schema, read-only hint), not
  // the handler, which only the e2e tier runs (tool-contract-ranges.mjs).
  'mcp-schemas': {
    mutate: ['apps/mcp-server/src/tools/*schemas.ts', ...toolContractRangesIn('apps/mcp-server/src/tools')],
    tests: ['apps/mcp-server/src/**/*.spec.ts'],
  },
};

/** The area named by ENGRAM_MUTATION_AREA, or every unit-tier area at once (slow: all unit tests per mutant). */
export function selectedArea(name = process.env.ENGRAM_MUTATION_AREA, only = process.env.ENGRAM_MUTATION_ONLY) {
  if (!name) {
    const unitAreas = Object.values(MUTATION_AREAS).filter((a) => (a.tier ?? 'unit') === 'unit');
    return { mutate: [...unitAreas.flatMap((a) => a.mutate), ...NOT_SOURCE], tests: null, tier: 'unit' };
  }
  const area = MUTATION_AREAS[name];
  if (!area) throw new Error(`ENGRAM_MUTATION_AREA=${name} is not one of ${Object.keys(MUTATION_AREAS).join(', ')}`);
  // ENGRAM_MUTATION_ONLY=<text> keeps the area's entries that contain it: one file of the area with
  // the area's ranges (a `--mutate <file>` on the command line would mutate the whole file).
  const mutate = only ? area.mutate.filter((entry) => entry.includes(only)) : area.mutate;
  if (!mutate.length) throw new Error(`ENGRAM_MUTATION_ONLY=${only} matches no entry of the ${name} area`);
  // ENGRAM_MUTATION_SPECS narrows one run to fewer of the area's spec files (comma-separated paths):
  // on a loaded machine an integration mutant costs a few seconds per spec file it runs. Fewer
  // specs can only let more mutants survive, never kill one wrongly; say so where the figures go.
  const specs = process.env.ENGRAM_MUTATION_SPECS?.split(',').filter(Boolean);
  return { mutate: [...mutate, ...NOT_SOURCE], tests: specs?.length ? specs : area.tests, tier: area.tier ?? 'unit' };
}
