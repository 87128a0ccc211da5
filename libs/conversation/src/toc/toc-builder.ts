import type { EmbeddingProvider } from '@engram/infra';
import { sql } from 'kysely';
import { createEventLog } from '../log/event-log.repository.js';
import type { ConversationEvent } from '../log/event-model.js';
import type { Summariser } from '../summariser/summariser.js';
import { planUnits } from './build-plan.js';
import { lockState, markDirty, readState, saveState, startRun, type BuildState } from './checkpoint.js';
import { dayId } from './time-buckets.js';
import type { TocConfig } from './toc-config.js';
import { appendNodeVersion, dropStaleSegments, insertGrips } from './toc-store.js';
import type { ConversationDb } from '../conversation-database.js';
import { embedMissing, embedUnit } from './toc-vectors.js';
import { buildUnit, type UnitContext } from './unit-builder.js';

/** What the builder needs; the embedder is optional (keyword search works without vectors). */
export interface TocBuilderDeps {
  db: ConversationDb;
  summariser: Summariser;
  config: TocConfig;
  embedder?: Pick<EmbeddingProvider, 'embedPassages'> | null;
  log?: (message: string) => void;
  /**
   * Told about every event the builder takes off the outbox, before the outbox rows are completed
   * (so a crash redelivers rather than loses them). Implicit memory formation listens here (SPEC 7);
   * its failure is logged and never holds the TOC back.
   */
  onNewEvents?: (events: ConversationEvent[]) => Promise<void>;
}

/** What one call did. */
export interface BuildReport {
  outboxClaimed: number;
  projects: string[];
  unitsDone: number;
  nodesWritten: number;
}

/** What running a project's pending plan did: units done, node versions written. */
export interface RunReport { units: number; written: number }

/** Builds and extends the TOC from the event log; see {@link createTocBuilder}. */
export interface TocBuilder {
  /** Takes up to `batch` outbox rows (default 500) into dirty days, finishes stalled runs, builds, backfills vectors. */
  processOutbox(batch?: number): Promise<BuildReport>;
  /** Runs the project's pending plan to its end (resuming a crashed run where it stopped). */
  runPending(project: string): Promise<RunReport>;
  /** Every day of the project with events, rewritten as new versions (`engram toc rebuild`). */
  rebuild(project: string): Promise<RunReport & { days: number }>;
  /** The project's checkpoint and when it last changed. */
  state(project: string): Promise<BuildState & { updatedAt: Date | null }>;
}

interface Ctx extends UnitContext {
  deps: TocBuilderDeps;
}

/** Takes the next step of a project's state: starts a run from the dirty days if none is in progress. */
function currentRun(db: ConversationDb, project: string): Promise<BuildState> {
  return db.transaction().execute(async (trx) => {
    const s = await lockState(trx, project);
    const started = startRun(s, planUnits);
    if (started !== s) await saveState(trx, project, started);
    return started;
  });
}

/** Builds the run's next unit and commits it with the checkpoint advance; false when another worker got there first. */
async function stepRun(ctx: Ctx, project: string, run: NonNullable<BuildState['run']>, unit: string): Promise<number | null> {
  const result = await buildUnit(ctx, project, unit, run.force);
  const vectors = await embedUnit(ctx.deps.embedder, result, ctx.deps.log);
  return ctx.db.transaction().execute(async (trx) => {
    const s = await lockState(trx, project);
    // Another worker committed this unit meanwhile: drop our copy rather than write it twice.
    if (s.run?.id !== run.id || s.run.next !== run.next) return null;
    await insertGrips(trx, result.grips, vectors.grips);
    for (const [i, n] of result.nodes.entries()) await appendNodeVersion(trx, n.draft, vectors.nodes[i]);
    if (result.keepSegments) await dropStaleSegments(trx, project, unit, result.keepSegments);
    await saveState(trx, project, { ...s, run: { ...s.run, next: s.run.next + 1, written: s.run.written + result.nodes.length } });
    return result.nodes.length;
  });
}

async function finishRun(db: ConversationDb, project: string, runId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const s = await lockState(trx, project);
    if (s.run?.id !== runId) return;
    await saveState(trx, project, { ...s, run: null, last: { runId, finishedAt: new Date().toISOString(), units: s.run.units.length, written: s.run.written } });
  });
}

/** Runs the project's plan to the end (resuming a crashed run first). Returns units done and nodes written. */
async function runPending(ctx: Ctx, project: string): Promise<RunReport> {
  let units = 0;
  let written = 0;
  for (;;) {
    const { run } = await currentRun(ctx.db, project);
    if (!run) return { units, written };
    const unit = run.units[run.next];
    if (unit === undefined) {
      await finishRun(ctx.db, project, run.id);
      continue;
    }
    const n = await stepRun(ctx, project, run, unit);
    if (n !== null) {
      units++;
      written += n;
    }
  }
}

async function notifyNewEvents(ctx: Ctx, eventIds: string[]): Promise<void> {
  try {
    await ctx.deps.onNewEvents?.(await ctx.eventLog.byIds(eventIds));
  } catch (err) {
    ctx.deps.log?.(`new-event listener failed (the TOC build goes on): ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Claims outbox entries and records their days as dirty, completing the entries in the same transaction. */
async function drainOutbox(ctx: Ctx, batch: number): Promise<{ claimed: number; projects: Set<string> }> {
  const claimed = await ctx.eventLog.claimOutbox(batch);
  const projects = new Set<string>();
  if (claimed.length === 0) return { claimed: 0, projects };
  const rows = await ctx.db.selectFrom('conversation_events').select(['event_id', 'project', 'ts'])
    .where('event_id', 'in', claimed.map((c) => c.eventId)).execute();
  if (ctx.deps.onNewEvents) await notifyNewEvents(ctx, claimed.map((c) => c.eventId));
  const days = new Map<string, Set<string>>();
  for (const r of rows) days.set(r.project, (days.get(r.project) ?? new Set<string>()).add(dayId(new Date(r.ts))));
  await ctx.db.transaction().execute(async (trx) => {
    for (const [project, set] of [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await saveState(trx, project, markDirty(await lockState(trx, project), set));
      projects.add(project);
    }
    await createEventLog(trx).completeOutbox(claimed.map((c) => c.id));
  });
  return { claimed: claimed.length, projects };
}

/** Moves outbox entries into per-project dirty days, finishes crashed runs, builds, then backfills vectors. */
async function processOutbox(ctx: Ctx, batch: number): Promise<BuildReport> {
  const { claimed, projects } = await drainOutbox(ctx, batch);
  // Also finish runs a crash left behind in projects with no new events.
  const stalled = await ctx.db.selectFrom('toc_checkpoints').select('project')
    .where(sql<boolean>`jsonb_typeof(state->'run') = 'object' OR jsonb_array_length(state->'dirty') > 0`).execute();
  for (const r of stalled) projects.add(r.project);
  let unitsDone = 0;
  let nodesWritten = 0;
  for (const project of [...projects].sort()) {
    const r = await runPending(ctx, project);
    unitsDone += r.units;
    nodesWritten += r.written;
  }
  if (ctx.deps.embedder) await embedMissing(ctx.db, ctx.deps.embedder, 200);
  return { outboxClaimed: claimed, projects: [...projects].sort(), unitsDone, nodesWritten };
}

/** Every day of the project with events, marked dirty and rewritten as new versions (`engram toc rebuild`). */
async function rebuild(ctx: Ctx, project: string): Promise<RunReport & { days: number }> {
  const rows = await ctx.db.selectFrom('conversation_events')
    .select(sql<string>`to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('d')).distinct()
    .where('project', '=', project).execute();
  const days = new Set(rows.map((r) => `day:${r.d}`));
  await ctx.db.transaction().execute(async (trx) => {
    const s = markDirty(await lockState(trx, project), days);
    await saveState(trx, project, { ...s, forceNext: days.size > 0 });
  });
  return { days: days.size, ...(await runPending(ctx, project)) };
}

/**
 * Builds and extends the TOC from the event log (TOC-01..06): consumes the outbox into per-project
 * dirty days, then runs checkpointed plans (days, weeks, months, years). A unit is summarised
 * outside the database transaction (a model may be slow) and committed together with the
 * checkpoint advance; a unit whose inputs did not change writes nothing (unless forced).
 */
export function createTocBuilder(deps: TocBuilderDeps): TocBuilder {
  const ctx: Ctx = { db: deps.db, eventLog: createEventLog(deps.db), summariser: deps.summariser, config: deps.config, deps };
  return {
    processOutbox: (batch = 500) => processOutbox(ctx, batch),
    runPending: (project: string) => runPending(ctx, project),
    rebuild: (project: string) => rebuild(ctx, project),
    state: (project: string) => readState(deps.db, project),
  };
}
