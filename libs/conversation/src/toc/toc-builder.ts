import type { EmbeddingProvider } from '@engram/infra';
import { sql } from 'kysely';
import { createEventLog } from '../log/event-log.repository.js';
import type { ConversationEvent } from '../log/event-model.js';
import { MAX_RANGE_LIMIT } from '../log/page-limit.js';
import type { Summariser } from '../summariser/summariser.js';
import { planUnits } from './build-plan.js';
import { lockState, markDirty, readState, saveState, startRun, type BuildState } from './checkpoint.js';
import { segmentEvents } from './segmentation.js';
import { bucketFromId, dayId, levelOf } from './time-buckets.js';
import type { TocConfig } from './toc-config.js';
import { rollupNode, segmentNode, segmentSourceHash, type Grip, type TocNodeDraft } from './toc-node.js';
import { appendNodeVersion, dropStaleSegments, insertGrips, latestChildren, latestNodes } from './toc-store.js';
import { asLogDb, type TocDb } from './toc-tables.js';

/** What the builder needs; the embedder is optional (keyword search works without vectors). */
export interface TocBuilderDeps {
  db: TocDb;
  summariser: Summariser;
  config: TocConfig;
  embedder?: Pick<EmbeddingProvider, 'embedPassages'> | null;
  log?: (message: string) => void;
}

/** What one call did. */
export interface BuildReport {
  outboxClaimed: number;
  projects: string[];
  unitsDone: number;
  nodesWritten: number;
}

interface UnitResult { nodes: { draft: TocNodeDraft; text: string }[]; grips: Grip[]; keepSegments?: string[] }

/**
 * Builds and extends the TOC from the event log (TOC-01..06): consumes the outbox into per-project
 * dirty days, then runs checkpointed plans (days, weeks, months, years). A unit is summarised
 * outside the database transaction (a model may be slow) and committed together with the
 * checkpoint advance; a unit whose inputs did not change writes nothing (unless forced).
 */
export function createTocBuilder(deps: TocBuilderDeps) {
  const { db, summariser, config } = deps;
  const eventLog = createEventLog(asLogDb(db));
  const settings = JSON.stringify(config);

  async function dayEvents(project: string, day: string): Promise<ConversationEvent[]> {
    const b = bucketFromId(day);
    const out: ConversationEvent[] = [];
    let cursor: string | undefined;
    do {
      const page = await eventLog.range({ project, from: b.start, to: b.end, limit: MAX_RANGE_LIMIT, ...(cursor ? { cursor } : {}) });
      out.push(...page.events);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return out;
  }

  const nodeText = (d: Pick<TocNodeDraft, 'title' | 'bullets' | 'keywords'>) => [d.title, ...d.bullets.map((b) => b.text), d.keywords.join(' ')].join('\n');

  async function buildDay(project: string, day: string, force: boolean): Promise<UnitResult> {
    const segments = segmentEvents(await dayEvents(project, day), config);
    const existing = await latestNodes(db, project, [...segments.map((s) => s.nodeId), day]);
    const result: UnitResult = { nodes: [], grips: [], keepSegments: segments.map((s) => s.nodeId) };
    const children: TocNodeDraft[] = [];
    for (const seg of segments) {
      const hash = segmentSourceHash(seg, summariser.name, settings);
      const prev = existing.get(seg.nodeId);
      if (prev && prev.sourceHash === hash && prev.parentId === day && !force) {
        children.push(prev);
        continue;
      }
      const { node, grips } = segmentNode(project, seg, await summariser.summariseSegment(seg), summariser.name, hash);
      children.push(node);
      result.nodes.push({ draft: node, text: nodeText(node) });
      result.grips.push(...grips);
    }
    const dayNode = await rollupOf(project, day, children, existing.get(day)?.sourceHash, force);
    if (dayNode) result.nodes.push({ draft: dayNode, text: nodeText(dayNode) });
    return result;
  }

  async function rollupOf(project: string, nodeId: string, children: TocNodeDraft[], prevHash: string | undefined, force: boolean): Promise<TocNodeDraft | null> {
    if (children.length === 0) return null;
    const bucket = bucketFromId(nodeId);
    const probe = rollupNode(project, bucket, children, { title: '', bullets: [], keywords: [] }, summariser.name);
    if (!force && probe.sourceHash === prevHash) return null;
    const summary = await summariser.rollup({
      level: bucket.level, label: bucket.label,
      children: children.map((c) => ({ nodeId: c.nodeId, level: c.level, title: c.title, bullets: c.bullets, keywords: c.keywords, start: c.start, end: c.end, eventCount: c.eventCount })),
    });
    return rollupNode(project, bucket, children, summary, summariser.name);
  }

  async function buildUnit(project: string, unit: string, force: boolean): Promise<UnitResult> {
    if (levelOf(unit) === 'day') return buildDay(project, unit, force);
    const children = await latestChildren(db, project, unit);
    const prev = (await latestNodes(db, project, [unit])).get(unit);
    const node = await rollupOf(project, unit, children, prev?.sourceHash, force);
    return { nodes: node ? [{ draft: node, text: nodeText(node) }] : [], grips: [] };
  }

  async function embed(result: UnitResult): Promise<{ nodes: (readonly number[] | undefined)[]; grips: Map<string, readonly number[]> }> {
    if (!deps.embedder || (result.nodes.length === 0 && result.grips.length === 0)) return { nodes: [], grips: new Map() };
    try {
      const vectors = await deps.embedder.embedPassages([...result.nodes.map((n) => n.text), ...result.grips.map((g) => g.excerpt)]);
      const nodes = vectors.slice(0, result.nodes.length).map((v) => Array.from(v));
      return { nodes, grips: new Map(result.grips.map((g, i) => [g.gripId, Array.from(vectors[result.nodes.length + i] ?? [])])) };
    } catch (err) {
      // Vectors are an accelerator: the node is stored keyword-searchable and embedded later.
      deps.log?.(`TOC embedding failed, storing without vectors: ${String(err)}`);
      return { nodes: [], grips: new Map() };
    }
  }

  /** Runs the project's plan to the end (resuming a crashed run first). Returns units done and nodes written. */
  async function runPending(project: string): Promise<{ units: number; written: number }> {
    let units = 0;
    let written = 0;
    for (;;) {
      const state = await db.transaction().execute(async (trx) => {
        const s = await lockState(trx, project);
        const started = startRun(s, planUnits);
        if (started !== s) await saveState(trx, project, started);
        return started;
      });
      const run = state.run;
      if (!run) return { units, written };
      const unit = run.units[run.next];
      if (unit === undefined) {
        await finishRun(project, run.id);
        continue;
      }
      const result = await buildUnit(project, unit, run.force);
      const vectors = await embed(result);
      const committed = await db.transaction().execute(async (trx) => {
        const s = await lockState(trx, project);
        // Another worker committed this unit meanwhile: drop our copy rather than write it twice.
        if (s.run?.id !== run.id || s.run.next !== run.next) return false;
        await insertGrips(trx, result.grips, vectors.grips);
        for (const [i, n] of result.nodes.entries()) await appendNodeVersion(trx, n.draft, vectors.nodes[i]);
        if (result.keepSegments) await dropStaleSegments(trx, project, unit, result.keepSegments);
        await saveState(trx, project, { ...s, run: { ...s.run, next: s.run.next + 1, written: s.run.written + result.nodes.length } });
        return true;
      });
      if (committed) {
        units++;
        written += result.nodes.length;
      }
    }
  }

  async function finishRun(project: string, runId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const s = await lockState(trx, project);
      if (s.run?.id !== runId) return;
      const done: BuildState = { ...s, run: null, last: { runId, finishedAt: new Date().toISOString(), units: s.run.units.length, written: s.run.written } };
      await saveState(trx, project, done);
    });
  }

  /** Moves outbox entries into per-project dirty days (atomically with completing them), then builds. */
  async function processOutbox(batch = 500): Promise<BuildReport> {
    const claimed = await eventLog.claimOutbox(batch);
    const projects = new Set<string>();
    if (claimed.length > 0) {
      const rows = await db.selectFrom('conversation_events').select(['event_id', 'project', 'ts'])
        .where('event_id', 'in', claimed.map((c) => c.eventId)).execute();
      const days = new Map<string, Set<string>>();
      for (const r of rows) {
        const set = days.get(r.project) ?? new Set<string>();
        set.add(dayId(new Date(r.ts)));
        days.set(r.project, set);
      }
      await db.transaction().execute(async (trx) => {
        for (const [project, set] of [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
          await saveState(trx, project, markDirty(await lockState(trx, project), set));
          projects.add(project);
        }
        await createEventLog(asLogDb(trx)).completeOutbox(claimed.map((c) => c.id));
      });
    }
    // Also finish runs a crash left behind in projects with no new events.
    const stalled = await db.selectFrom('toc_checkpoints').select('project')
      .where(sql<boolean>`jsonb_typeof(state->'run') = 'object' OR jsonb_array_length(state->'dirty') > 0`).execute();
    for (const r of stalled) projects.add(r.project);
    let unitsDone = 0;
    let nodesWritten = 0;
    for (const project of [...projects].sort()) {
      const r = await runPending(project);
      unitsDone += r.units;
      nodesWritten += r.written;
    }
    return { outboxClaimed: claimed.length, projects: [...projects].sort(), unitsDone, nodesWritten };
  }

  /** Every day of the project with events, marked dirty and rewritten as new versions (`engram toc rebuild`). */
  async function rebuild(project: string): Promise<{ days: number; units: number; written: number }> {
    const rows = await db.selectFrom('conversation_events')
      .select(sql<string>`to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('d')).distinct()
      .where('project', '=', project).execute();
    const days = new Set(rows.map((r) => `day:${r.d}`));
    await db.transaction().execute(async (trx) => {
      const s = markDirty(await lockState(trx, project), days);
      await saveState(trx, project, { ...s, forceNext: days.size > 0 });
    });
    const r = await runPending(project);
    return { days: days.size, ...r };
  }

  return { processOutbox, runPending, rebuild, state: (project: string) => readState(db, project) };
}

export type TocBuilder = ReturnType<typeof createTocBuilder>;
