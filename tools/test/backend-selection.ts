/** The database engines an integration or e2e test can run against. */
export type BackendEngine = 'postgres' | 'pglite';

const ENGINES: readonly BackendEngine[] = ['postgres', 'pglite'];

/**
 * The engines named by ENGRAM_TEST_BACKENDS (comma-separated), both when it is unset or empty.
 * `npm test` leaves it unset. The mutation tool's integration tier sets `postgres`: migrating a
 * PGlite database per spec file and mutant costs seconds that native Postgres (a template clone)
 * does not (docs/quality.md). An unknown name throws, so a typo cannot silently skip an engine.
 */
export function selectedEngines(value: string | undefined): readonly BackendEngine[] {
  const names = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) return ENGINES;
  for (const name of names) {
    if (!ENGINES.includes(name as BackendEngine)) {
      throw new Error(`ENGRAM_TEST_BACKENDS=${value}: "${name}" is not one of ${ENGINES.join(', ')}`);
    }
  }
  return ENGINES.filter((e) => names.includes(e));
}
