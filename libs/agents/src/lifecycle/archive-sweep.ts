import { planArchive, scanActivePage, type SweepRun } from '@engram/lifecycle';
import { add, pause, submitPaced, tallyOutcome, type SweepBody, type SweepContext } from './sweep-context.js';

const MAX_PLANNED = 50;

/**
 * SPEC 7: archives active memories whose effective confidence is below the threshold. Walks the
 * active set in id order, one page per batch; each archive is a gate request with the reason (the
 * gate's audit trail, and the record stays, archived, never deleted). After each page the cursor is
 * checkpointed, so a crashed run resumes from it. `expectedVersion` makes a memory edited meanwhile
 * a stale request, not a lost edit.
 */
export async function archiveSweep(ctx: SweepContext, run: SweepRun, dryRun: boolean): Promise<SweepBody> {
  const counts = { ...run.counts };
  const planned: unknown[] = [];
  let cursor = run.cursor;
  for (let batch = 1; ; batch++) {
    const batchStart = performance.now();
    const page = await scanActivePage(ctx.db, cursor, ctx.options.batchSize);
    if (page.length === 0) break;
    const factors = await ctx.decayFactors(page.map((r) => r.id));
    const decisions = planArchive(page, (t) => ctx.halfLifeDays(t), ctx.now, ctx.options.archiveThreshold, factors);
    add(counts, 'scanned', page.length);
    for (const d of decisions) {
      if (dryRun) {
        add(counts, 'would_archive');
        if (planned.length < MAX_PLANNED) planned.push({ id: d.id, effectiveConfidence: Number(d.effective.toFixed(4)), reason: d.reason });
        continue;
      }
      tallyOutcome(counts, 'archive', await submitPaced(ctx, { op: 'archive', id: d.id, reason: d.reason, expectedVersion: d.version }));
    }
    cursor = (page[page.length - 1] as (typeof page)[number]).id;
    if (!dryRun) await ctx.runs.checkpoint(run.id, cursor, counts, ctx.clock());
    await ctx.afterBatch?.('archive', batch);
    await pause(ctx, batchStart);
  }
  return { counts, ...(dryRun ? { planned } : {}) };
}
