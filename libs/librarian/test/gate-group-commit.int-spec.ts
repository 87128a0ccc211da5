import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';
import { agent, counts, gateFor, useGateDatabase } from './gate-fixtures.js';

/*
 * Group commit (ADR-0017): auto-approved creates that are ready together share one
 * `engram_commit_heads` statement; each still gets its own version, approve audit row and request
 * row, and an item that cannot commit fails alone.
 */

/** Counts the batch statements a kysely handle sends (raw sql nodes naming engram_commit_heads). */
function countingBatches(db: Kysely<any>): { db: Kysely<any>; batches: () => number } {
  let batches = 0;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      const raw = node as RootOperationNode & { sqlFragments?: readonly string[] };
      if (raw.sqlFragments?.some((f) => f.includes('engram_commit_heads('))) batches++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), batches: () => batches };
}

const texts = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${tag} ${i}: the ${['ledger', 'gateway', 'indexer', 'mailer'][i % 4]} service ${i * 7919} uses port ${9000 + i}`);

describe.each(testBackends)('Gate group commit on $name', (backend) => {
  const ctx = useGateDatabase(backend);
  // Embedded PGlite serves one session from its worker thread (ADR-0035): the creates' Layer 2
  // reads come back one per turn of the event loop, so creates are seldom ready together and each
  // may commit alone. Sharing a statement is asserted where reads run side by side (a pg pool);
  // on both engines every create must still commit on its own terms.
  const minBatches = backend.name === 'postgres' ? 1 : 0;

  it('commits concurrent creates in shared statements, each with its own version, audit and request row', async () => {
    const { db, batches } = countingBatches(ctx.handle.db);
    const gate = gateFor(ctx.handle, { db });
    // Whether creates are ready together depends on when their Layer 2 reads come back, and a
    // loaded machine may serialise them: rounds of 24 are tried until one shares a statement (at
    // most 5); every round must commit each create on its own terms either way.
    for (let round = 0; round === 0 || (round < 5 && batches() < minBatches); round += 1) {
      const before = await counts(ctx.handle.db);
      const outs = await Promise.all(texts(`batch${round}`, 24).map((content) => gate.submit({ op: 'create', type: 'fact', content, scope: 'project:group' }, agent)));
      expect(outs.map((o) => o.status)).toEqual(Array(24).fill('committed'));
      expect(new Set(outs.map((o) => o.record?.id)).size).toBe(24);
      expect(outs.every((o) => o.record?.version === 1)).toBe(true);
      const after = await counts(ctx.handle.db);
      expect(after.memories - before.memories).toBe(24);
      expect(after.memory_versions - before.memory_versions).toBe(24);
      const ids = outs.map((o) => o.record?.id as string);
      const audit = await sql<{ n: string }>`SELECT count(*) AS n FROM gate_audit WHERE action = 'approve' AND memory_version = 1 AND memory_id = ANY(${ids}::uuid[])`.execute(ctx.handle.db);
      expect(Number(audit.rows[0]?.n)).toBe(24);
      const requests = await sql<{ n: string }>`SELECT count(*) AS n FROM gate_requests WHERE status = 'committed' AND result_id = ANY(${ids}::uuid[])`.execute(ctx.handle.db);
      expect(Number(requests.rows[0]?.n)).toBe(24);
      // Sharing happened, or each create committed alone: never more statements than creates.
      expect(batches()).toBeLessThan(24 * (round + 1));
    }
    expect(batches()).toBeGreaterThanOrEqual(minBatches);
  });

  it('fails only the item that cannot commit when a batch fails', async () => {
    const { db, batches } = countingBatches(ctx.handle.db);
    const gate = gateFor(ctx.handle, { db });
    // Whether the taken id shares a statement depends on when the Layer 2 reads come back (a
    // loaded machine may serialise them): try a few rounds; each must settle right either way.
    for (let round = 0; round < 5 && batches() === 0; round += 1) {
      const taken = randomUUID();
      const owner = `The ledger closes at midnight UTC ${round} 4242`;
      expect((await gate.submit({ op: 'create', id: taken, type: 'fact', content: owner, scope: 'project:group' }, agent)).status).toBe('committed');
      const before = await counts(ctx.handle.db);
      const requests = [
        ...texts(`ok${round}`, 8).map((content) => ({ op: 'create' as const, type: 'fact', content, scope: 'project:group' })),
        { op: 'create' as const, id: taken, type: 'preference', content: `Reviews of the mailer need two approvals ${round} 7777`, scope: 'project:group' },
      ];
      const outs = await Promise.all(requests.map((r) => gate.submit(r, agent)));
      expect(outs.slice(0, 8).map((o) => o.status)).toEqual(Array(8).fill('committed'));
      expect(outs[8]).toMatchObject({ status: 'rejected', code: 'VERSION_CONFLICT' });
      const after = await counts(ctx.handle.db);
      expect(after.memories - before.memories).toBe(8);
      expect(after.memory_versions - before.memory_versions).toBe(8);
      expect(await ctx.reader.findHead(taken)).toMatchObject({ version: 1, type: 'fact', content: owner });
    }
    expect(batches()).toBeGreaterThanOrEqual(minBatches);
  });
});
