import {
  compressGroup, compressionNumbers, loadConsolidatedSources, loadEventRows, planConsolidation, toCandidate,
  type CompressedMemory, type ConsolidationCandidate, type ConsolidationGroup, type SweepRun,
} from '@engram/lifecycle';
import { add, pause, submitPaced, SWEEPER, tallyOutcome, type SweepBody, type SweepContext } from './sweep-context.js';

const MAX_PLANNED = 50;

/** Checkpoint order of groups: planConsolidation sorts by key, then start time; this string sorts the same way (\u0001 sorts below any key character; Postgres text cannot hold \u0000). */
const groupCursor = (g: ConsolidationGroup) => `${g.key}\u0001${(g.events[0] as ConsolidationCandidate).at.toISOString()}`;

/**
 * ADR-010 / seed 003 2.4: compresses 5+ events of one entity and event type within 7 days into one
 * memory, through the gate: a create with derived_from links to the originals, then an archive of
 * each original (kept, out of the active set: SPEC 7 overrides the seed's "delete originals").
 *
 * Idempotent: originals of an existing consolidation are never planned again; those a crashed run
 * left active are archived first ("repair"). The compressed memory's id is derived from its source
 * ids, so a retried create is the same record. The cursor is the last group handled.
 */
export async function consolidateSweep(ctx: SweepContext, run: SweepRun, dryRun: boolean): Promise<SweepBody> {
  const counts = { ...run.counts };
  const groups = await repairAndPlan(ctx, run, counts, dryRun);
  const planned: unknown[] = [];
  const totals = { originals: 0, originalBytes: 0, compressedBytes: 0 };
  let batch = 0;
  const pending = dryRun ? new Set<string>() : await pendingCreateIds(ctx);
  for (const group of groups) {
    const batchStart = performance.now();
    const compressed = compressGroup(group);
    if (pending.has(compressed.id)) {
      // Proposed by an earlier run and queued for review (e.g. a near duplicate): the reviewer decides, not a second request.
      add(counts, 'awaiting_review');
      continue;
    }
    if (dryRun) {
      add(counts, 'would_compress');
      add(counts, 'would_archive', group.events.length);
      if (planned.length < MAX_PLANNED) planned.push({ entity: group.entity, eventType: group.eventType, scope: group.scope, events: group.events.length, content: compressed.content });
    }
    if (dryRun || (await compressThroughGate(ctx, run, group, compressed, counts))) {
      totals.originals += compressionNumbers(group, compressed).originals;
      totals.originalBytes += group.events.reduce((n, e) => n + Buffer.byteLength(e.content, 'utf8'), 0);
      totals.compressedBytes += Buffer.byteLength(compressed.content, 'utf8');
    }
    await checkpointGroup(ctx, run, group, counts, dryRun, ++batch, batchStart);
  }
  const key = dryRun ? 'would_compress' : 'compress_committed';
  const compressedCount = (counts[key] ?? 0) - (run.counts[key] ?? 0);
  const details = {
    originals: totals.originals,
    compressed: compressedCount,
    recordRatio: totals.originals > 0 ? 1 - compressedCount / totals.originals : 0,
    byteRatio: totals.originalBytes > 0 ? 1 - totals.compressedBytes / totals.originalBytes : 0,
  };
  return { counts, details, ...(dryRun ? { planned } : {}) };
}

/** Archives originals a crashed run left active, then plans the groups after the run's cursor. */
async function repairAndPlan(ctx: SweepContext, run: SweepRun, counts: Record<string, number>, dryRun: boolean): Promise<ConsolidationGroup[]> {
  const sources = await loadConsolidatedSources(ctx.db);
  for (const s of sources.filter((x) => x.sourceStatus === 'active' && !x.sourceArchived)) {
    if (dryRun) add(counts, 'would_repair');
    else tallyOutcome(counts, 'repair', await submitPaced(ctx, { op: 'archive', id: s.sourceId, expectedVersion: s.sourceVersion, reason: `consolidated into ${s.consolidationId}` }));
  }
  const done = new Set(sources.map((s) => s.sourceId));
  const candidates = (await loadEventRows(ctx.db))
    .filter((r) => !done.has(r.id))
    .map((r) => toCandidate(r, (t) => ctx.extractEntities(t)))
    .filter((c): c is ConsolidationCandidate => c !== null);
  add(counts, 'candidates', candidates.length);
  return planConsolidation(candidates, ctx.options.consolidation).filter((g) => run.cursor === null || groupCursor(g) > run.cursor);
}

/** The gate create (with derived_from links), then an archive per original; false when the gate did not commit the create. */
async function compressThroughGate(ctx: SweepContext, run: SweepRun, group: ConsolidationGroup, compressed: CompressedMemory, counts: Record<string, number>): Promise<boolean> {
  const created = await submitPaced(ctx, {
    op: 'create', id: compressed.id, type: compressed.type, scope: compressed.scope, content: compressed.content, metadata: compressed.metadata,
    tags: compressed.tags, validFrom: compressed.validFrom, links: compressed.links, source: { type: 'consolidation', id: run.id },
  });
  tallyOutcome(counts, 'compress', created);
  if (created.status !== 'committed') return false;
  for (const e of group.events) {
    tallyOutcome(counts, 'archive', await submitPaced(ctx, { op: 'archive', id: e.id, expectedVersion: e.version, reason: `consolidated into ${compressed.id}` }));
  }
  return true;
}

async function checkpointGroup(
  ctx: SweepContext, run: SweepRun, group: ConsolidationGroup, counts: Record<string, number>, dryRun: boolean, batch: number, batchStart: number,
): Promise<void> {
  if (!dryRun) await ctx.runs.checkpoint(run.id, groupCursor(group), counts, ctx.clock());
  await ctx.afterBatch?.('consolidate', batch);
  await pause(ctx, batchStart);
}

/** Ids of compressed memories already proposed and waiting in the gate's review queue. */
async function pendingCreateIds(ctx: SweepContext): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await ctx.gate.listRequests({ status: 'pending', operation: 'create', limit: 500, ...(cursor ? { cursor } : {}) });
    for (const r of page.items) {
      const id = (r.payload.request as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && r.requestedBy === SWEEPER.id) ids.add(id);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}
