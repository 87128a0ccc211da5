// Issue 17, ADR-0035: PGlite runs Postgres in WebAssembly on the thread that calls it. When that
// was the main thread, one statement over a large text (to_tsvector of 256 KB: 160-280 ms) paused
// every request of the process. The engine now runs in a worker thread, so while a long statement
// runs the caller's event loop keeps turning. Checked structurally, not against a clock: the
// longest pause of the caller's loop must be a small fraction of the statement's own duration
// (with the engine on the main thread the two are equal), which holds at any machine load.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, openInMemoryDatabase, type DatabaseHandle } from '@engram/infra';
import { longestPause } from '../../../tools/test/event-loop-pause.js';

// About 1.3 MB of words, times `scale`: one statement that PGlite needs 0.2-1 s or more for.
const heavy = (scale: number) =>
  sql<{ n: number }>`SELECT length(to_tsvector('english', repeat('lorem ipsum dolor sitting amet consectetur adipiscing ', ${24000 * scale}::int))::text) AS n`;

const engines: Array<{ name: string; open(): Promise<{ handle: DatabaseHandle; cleanup(): void }> }> = [
  { name: 'in-memory PGlite (the tests\' backend)', open: async () => ({ handle: await openInMemoryDatabase(), cleanup: () => {} }) },
  {
    name: 'embedded PGlite under ENGRAM_HOME (the servers\' default)',
    open: async () => {
      const home = mkdtempSync(path.join(tmpdir(), 'engram-offthread-'));
      return { handle: await openDatabase({ home }), cleanup: () => rmSync(home, { recursive: true, force: true }) };
    },
  },
];

describe.each(engines)('$name', (engine) => {
  it('runs a long statement without pausing the event loop of the caller', async () => {
    const { handle, cleanup } = await engine.open();
    try {
      await sql`SELECT 1`.execute(handle.db); // connected, engine warm
      // Long enough to tell the two apart (> 200 ms): a fast machine gets a larger text.
      let measured = await longestPause(() => heavy(1).execute(handle.db));
      for (let scale = 2; measured.totalMs <= 200 && scale <= 8; scale *= 2) measured = await longestPause(() => heavy(scale).execute(handle.db));
      const { pauseMs, totalMs } = measured;
      process.stdout.write(`${engine.name}: statement ${totalMs.toFixed(0)} ms, longest event-loop pause ${pauseMs.toFixed(0)} ms\n`);
      expect(totalMs).toBeGreaterThan(200);
      expect(pauseMs).toBeLessThan(totalMs / 4);
    } finally {
      await handle.close();
      cleanup();
    }
  });
});
