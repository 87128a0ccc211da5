import type { DatabaseHandle } from '@engram/infra';
import type { Kysely, KyselyPlugin, RootOperationNode } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';
import { DEFAULT_POLICY, type GateOutcome, type GatePolicy } from '../src/index.js';
import { CORPUS, SEEDS, labelsOf, outcomeView, storeRows } from './batch-corpus.js';
import { agent, gateFor } from './gate-fixtures.js';

/*
 * Issue 39, ADR-0050: `submitBatch` answers and stores exactly what the same requests submitted
 * one after another do, with one Layer 2 read for a run of creates instead of one per create.
 */

/** Counts the statements a kysely handle sends, and those that read Layer 2 candidates. */
function counting(db: Kysely<any>) {
  const seen = { statements: 0, layer2: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      seen.statements++;
      const raw = node as RootOperationNode & { sqlFragments?: readonly string[] };
      if (raw.sqlFragments?.some((f) => f.includes('engram_layer2_candidates('))) seen.layer2++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), seen };
}

const UPDATE_NEAR: GatePolicy = { ...DEFAULT_POLICY, nearDuplicate: { ...DEFAULT_POLICY.nearDuplicate, action: 'update' } };
const limits = { rate: { capacity: 10_000, refillPerSecond: 1_000 } };

describe.each(testBackends)('Gate submitBatch on $name', (backend) => {
  const open: DatabaseHandle[] = [];
  afterAll(() => Promise.all(open.map((h) => h.close())));

  /** A fresh store holding the seeds, with a gate (over a counting handle) under `policy`. */
  async function seeded(policy: GatePolicy) {
    const handle = await backend.open();
    open.push(handle);
    const { db, seen } = counting(handle.db);
    const gate = gateFor(handle, { db, policy, limits });
    for (const seed of SEEDS) expect((await gate.submit(seed, agent)).status).toBe('committed');
    return { handle, gate, seen };
  }

  it.each([['near duplicates update', UPDATE_NEAR], ['near duplicates queue (default)', DEFAULT_POLICY]])(
    'answers and stores what the sequence does (%s)',
    async (_name, policy) => {
      const one = await seeded(policy);
      const sequential: GateOutcome[] = [];
      for (const request of CORPUS) sequential.push(await one.gate.submit(request, agent));
      const many = await seeded(policy);
      const before = many.seen.layer2;
      const batched = await many.gate.submitBatch(CORPUS, agent);

      const seqLabels = labelsOf(sequential);
      const batLabels = labelsOf(batched);
      expect(batched.map((o) => outcomeView(o, batLabels))).toEqual(sequential.map((o) => outcomeView(o, seqLabels)));
      expect(await storeRows(many.handle.db, batLabels)).toEqual(await storeRows(one.handle.db, seqLabels));
      // The corpus exercises what it claims: every kind of answer occurs.
      expect(new Set(sequential.map((o) => `${o.status}/${o.decision}`))).toEqual(new Set(['committed/ADD', 'noop/NOOP', 'committed/UPDATE', 'pending/ADD', 'rejected/REJECT']));
      // Fewer candidate reads than creates (the sequence reads once per create that passes Layer 1).
      expect(many.seen.layer2 - before).toBeLessThan(one.seen.layer2 - SEEDS.length);
    },
  );

  it('reads the Layer 2 candidates of 100 distinct creates in one statement (one per create when submitted together one by one)', async () => {
    // Distinct numbers per call: one number the batch's earlier records share is a candidate they really are (a second read).
    const texts = (tag: string, base: number) => Array.from({ length: 100 }, (_, i) =>
      ({ op: 'create' as const, type: 'fact', scope: 'project:count', content: `${tag} ${i}: the ${['ledger', 'mailer'][i % 2]} service ${base + i * 7919} uses port ${base + i}` }));
    const store = await seeded(DEFAULT_POLICY);
    const at = () => ({ ...store.seen });
    const s0 = at();
    const apart = await Promise.all(texts('apart', 100_000).map((r) => store.gate.submit(r, agent)));
    const s1 = at();
    const together = await store.gate.submitBatch(texts('together', 2_000_000), agent);
    const s2 = at();
    expect([...apart, ...together].map((o) => o.status)).toEqual(Array(200).fill('committed'));
    const perBatch = { apart: { layer2: s1.layer2 - s0.layer2, statements: s1.statements - s0.statements }, together: { layer2: s2.layer2 - s1.layer2, statements: s2.statements - s1.statements } };
    if (process.env['ENGRAM_PRINT_COUNTS']) process.stderr.write(`${backend.name} statements per batch of 100: ${JSON.stringify(perBatch)}\n`);
    expect(perBatch.apart.layer2).toBe(100);
    expect(perBatch.together.layer2).toBe(1);
    expect(perBatch.together.statements).toBeLessThan(perBatch.apart.statements);
  });
});
