// Replays the evaluation corpus through the Librarian gate (create / supersede / invalidate, as
// an agent or user would send them), approving what the policy queues for review, with the
// gate's clock set to each write's date so created_at and supersession times span the months.
// Background records from the speed benchmark's generator are interleaved as distractors.
import { createGate, type Actor, type GateOutcome, type WriteRequestInput } from '@engram/librarian';
import { createTypeRegistry } from '@engram/memory';
import type { DatabaseHandle } from '@engram/infra';
import { memoryAt } from '../corpus.js';
import { day } from './eval-projects.js';
import type { CorpusEvent, EvalRecord, EvalSet } from './eval-types.js';

const ACTORS: Record<'user' | 'agent', Actor> = {
  user: { id: 'eval-user', kind: 'user' },
  agent: { id: 'eval-agent', kind: 'agent' },
};

/** What loading produced: key → record id, and the gate's outcomes counted. */
export interface LoadedCorpus {
  ids: Map<string, string>;
  outcomes: Record<string, number>;
  /** Records committed (corpus + background). */
  records: number;
  /** Background records the gate did not commit (duplicates, near-duplicates left pending). */
  backgroundSkipped: number;
  edges: number;
}

type Step = { at: string; event: CorpusEvent } | { at: string; background: number };

function bodyOf(r: EvalRecord, ids: Map<string, string>) {
  const links = r.links?.map((l) => ({ kind: l.kind, target: ids.get(l.targetKey) as string }));
  return { type: r.type, scope: r.scope, content: r.content, ...(r.tags ? { tags: r.tags } : {}), ...(r.validFrom ? { validFrom: r.validFrom } : {}), ...(r.validTo ? { validTo: r.validTo } : {}), ...(links ? { links } : {}) };
}

function requestOf(e: CorpusEvent, ids: Map<string, string>): WriteRequestInput {
  const id = (key: string) => {
    const v = ids.get(key);
    if (!v) throw new Error(`corpus event refers to ${key} before it was stored`);
    return v;
  };
  if (e.op === 'create') return { op: 'create', ...bodyOf(e.record, ids) };
  if (e.op === 'supersede') return { op: 'supersede', id: id(e.target), replacement: bodyOf(e.record, ids) };
  return { op: 'invalidate', id: id(e.target), reason: e.reason };
}

/** Loads `set` plus `background` distractor records into an empty, migrated database. */
export async function loadCorpus(handle: DatabaseHandle, set: EvalSet, background: number, seed: number): Promise<LoadedCorpus> {
  let now = new Date(day(0));
  const gate = createGate({ db: handle.db, registry: createTypeRegistry(), clock: () => now, limits: { rate: { capacity: 1e9, refillPerSecond: 1e9 } } });
  const steps: Step[] = [
    ...set.events.map((event) => ({ at: event.at, event })),
    ...Array.from({ length: background }, (_, i) => ({ at: day(Math.floor((i * 255) / Math.max(1, background))), background: i })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const ids = new Map<string, string>();
  const outcomes: Record<string, number> = {};
  let records = 0;
  let backgroundSkipped = 0;
  for (const step of steps) {
    now = new Date(step.at);
    if ('background' in step) {
      const out = await gate.submit({ op: 'create', ...memoryAt(seed, step.background) }, ACTORS.agent);
      if (out.status === 'committed') records++;
      else backgroundSkipped++;
      continue;
    }
    const e = step.event;
    let out: GateOutcome = await gate.submit(requestOf(e, ids), ACTORS[e.actor]);
    outcomes[`${e.op}:${out.status}`] = (outcomes[`${e.op}:${out.status}`] ?? 0) + 1;
    if (out.status === 'pending') out = await gate.approve(out.requestId, 'eval-reviewer', 'evaluation corpus');
    if (out.status !== 'committed') throw new Error(`corpus ${e.op} ${'key' in e ? e.key : e.target} was ${out.status}: ${out.reason}`);
    if (e.op !== 'invalidate') {
      ids.set(e.key, out.record?.id as string);
      records++;
    }
  }
  const edges = await handle.db.selectFrom('memory_edges').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { ids, outcomes, records, backgroundSkipped, edges: Number(edges.n) };
}
