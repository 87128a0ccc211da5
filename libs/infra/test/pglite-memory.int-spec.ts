// The embedded engine runs with engram's memory bounds (issue 18): defaults, and the operator's
// ENGRAM_PGLITE_* values, are what Postgres inside PGlite reports.
import { sql } from 'kysely';
import { DEFAULT_PGLITE_MEMORY, openInMemoryDatabase } from '@engram/infra';

async function settings(): Promise<Record<string, string>> {
  const handle = await openInMemoryDatabase();
  try {
    const { rows } = await sql<{ name: string; value: string }>`
      SELECT name, current_setting(name) AS value FROM (VALUES ('shared_buffers'), ('work_mem'), ('maintenance_work_mem')) AS s(name)`.execute(handle.db);
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  } finally {
    await handle.close();
  }
}

describe('PGlite memory bounds', () => {
  const saved = process.env.ENGRAM_PGLITE_SHARED_BUFFERS;
  afterEach(() => {
    if (saved === undefined) delete process.env.ENGRAM_PGLITE_SHARED_BUFFERS;
    else process.env.ENGRAM_PGLITE_SHARED_BUFFERS = saved;
  });

  it("starts the engine with engram's default bounds (ADR-0063: shared_buffers 128MB, as PGlite's own)", async () => {
    delete process.env.ENGRAM_PGLITE_SHARED_BUFFERS;
    expect(await settings()).toEqual({
      shared_buffers: DEFAULT_PGLITE_MEMORY.sharedBuffers, work_mem: DEFAULT_PGLITE_MEMORY.workMem, maintenance_work_mem: DEFAULT_PGLITE_MEMORY.maintenanceWorkMem,
    });
  });

  // The defaults match Postgres's own, so this is the test that the start parameters reach the engine.
  it("takes the operator's value", async () => {
    process.env.ENGRAM_PGLITE_SHARED_BUFFERS = '24MB';
    expect((await settings()).shared_buffers).toBe('24MB');
  });
});
