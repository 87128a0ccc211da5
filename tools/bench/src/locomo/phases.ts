// The measured phases of the real-conversation benchmark, all through the built MCP server's
// public tools (events.ingest, toc.search, grip.expand, recall, the memory-context prompt).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { sql, type Kysely } from 'kysely';
import { since } from '../stats.js';
import { ingestEvents, type Conversation, type Question } from './dataset.js';
import { contentWords, coveredSessions, eventIdsIn, evidenceSessions, hasEvidence, holdsAnswer, repeatedBullets } from './measures.js';

const BATCH = 500;

export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content).slice(0, 400)}`);
  return (r.structuredContent ?? {}) as Record<string, unknown>;
}

/** Sends every turn through events.ingest in batches; returns the wall time in ms. */
export async function ingest(client: Client, c: Conversation): Promise<number> {
  const events = ingestEvents(c);
  const t = performance.now();
  for (let i = 0; i < events.length; i += BATCH) {
    const r = await call(client, 'events.ingest', { events: events.slice(i, i + BATCH) });
    if (Number(r['inserted']) + Number(r['duplicates']) !== Math.min(BATCH, events.length - i)) throw new Error(`ingest counted ${JSON.stringify(r)}`);
  }
  return since(t);
}

/**
 * Waits until the server's background work for `project` is done: outbox consumed, no dirty day
 * or open run in the checkpoint, and with `withVectors` (when the table exists) every event embedded. Returns ms.
 */
export async function waitForToc(db: Kysely<unknown>, project: string, withVectors: boolean, timeoutMs = 1_200_000): Promise<number> {
  const t = performance.now();
  const vectors = withVectors && (await sql<{ t: string | null }>`SELECT to_regclass('conversation_event_vectors')::text AS t`.execute(db)).rows[0]?.t;
  // Postgres resolves every relation of a statement up front, so the vector check is its own statement.
  const unembedded = sql`EXISTS (SELECT 1 FROM conversation_events e WHERE e.project = ${project}
    AND NOT EXISTS (SELECT 1 FROM conversation_event_vectors v WHERE v.project = e.project AND v.event_id = e.event_id))`;
  for (;;) {
    const r = await sql<{ busy: boolean }>`SELECT
      EXISTS (SELECT 1 FROM conversation_outbox WHERE project = ${project} AND processed_at IS NULL)
      OR EXISTS (SELECT 1 FROM toc_checkpoints WHERE project = ${project}
                 AND (jsonb_typeof(state->'run') = 'object' OR jsonb_array_length(state->'dirty') > 0))
      OR NOT EXISTS (SELECT 1 FROM toc_latest WHERE project = ${project})
      OR ${vectors ? unembedded : sql`false`} AS busy`.execute(db);
    if (!r.rows[0]?.busy) return since(t);
    if (since(t) > timeoutMs) throw new Error(`TOC of ${project} not complete after ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** Event ids a toc.search/recall result points at; grips are opened with grip.expand (their own range only). */
async function resolveHits(client: Client, c: Conversation, hits: Record<string, unknown>[], grips: Map<string, Set<string>>): Promise<Set<string>> {
  const found = eventIdsIn(hits, c.sampleId);
  for (const h of hits) {
    if (h['kind'] !== 'grip') continue;
    const id = String(h['id']);
    if (!grips.has(id)) {
      const r = await call(client, 'grip.expand', { grip_id: id, before: 0, after: 0, scope: c.project });
      grips.set(id, eventIdsIn(r['events'], c.sampleId));
    }
    for (const e of grips.get(id) ?? []) found.add(e);
  }
  return found;
}

export interface SearchOutcome { question: Question; tocHit: boolean; tocSession: boolean; recallHit: boolean; tocMs: number; recallMs: number; tocFound: string[] }

export async function askQuestions(client: Client, c: Conversation, questions: Question[], k: number): Promise<SearchOutcome[]> {
  const grips = new Map<string, Set<string>>();
  const sessionOf = new Map(c.turns.map((t) => [t.eventId, t.session]));
  const out: SearchOutcome[] = [];
  for (const q of questions) {
    let t = performance.now();
    const toc = await call(client, 'toc.search', { query: q.question, limit: k, scope: c.project });
    const tocMs = since(t);
    const hits = (toc['hits'] as Record<string, unknown>[] | undefined) ?? [];
    const found = await resolveHits(client, c, hits, grips);
    const sessions = new Set([...found].map((e) => sessionOf.get(e)));
    t = performance.now();
    const rec = await call(client, 'recall', { query: q.question, top_k: k, scope: c.project, max_tokens: 8000 });
    const recallMs = since(t);
    const recalled = eventIdsIn(((rec['memories'] as unknown[]) ?? []).slice(0, k), c.sampleId);
    out.push({
      question: q, tocHit: hasEvidence(q, c, found), recallHit: hasEvidence(q, c, recalled), tocMs, recallMs, tocFound: [...found],
      tocSession: [...evidenceSessions(q, c)].some((s) => sessions.has(s)),
    });
  }
  return out;
}

/**
 * Every turn reachable by some search: its own words (speaker prefix dropped) through `toc.search` —
 * hybrid first, then keyword alone (a relative date in the turn, "last month", makes hybrid lift the
 * turns of that month over it), then vector alone (a turn with no content word, ";)", has only its
 * meaning). Is the turn itself in the top `k` of any of them? `via` counts which search reached it.
 */
export async function reachability(client: Client, c: Conversation, k: number): Promise<{ reached: number; total: number; missed: string[]; via: Record<string, number> }> {
  const grips = new Map<string, Set<string>>();
  let reached = 0;
  const missed: string[] = [];
  const via: Record<string, number> = {};
  for (const turn of c.turns) {
    const text = turn.text.slice(turn.speaker.length + 2).slice(0, 1000);
    const modes = contentWords(text).length === 0 ? ['vector'] : ['hybrid', 'keyword', 'vector'];
    let hit: string | undefined;
    for (const mode of modes) {
      if (text.trim() === '') break;
      const r = await call(client, 'toc.search', { query: text, limit: k, scope: c.project, mode });
      const found = await resolveHits(client, c, (r['hits'] as Record<string, unknown>[]) ?? [], grips);
      if (found.has(turn.eventId)) {
        hit = mode;
        break;
      }
    }
    if (hit === undefined) missed.push(turn.diaId);
    else {
      reached++;
      via[hit] = (via[hit] ?? 0) + 1;
    }
  }
  return { reached, total: c.turns.length, missed, via };
}

export interface ContextOutcome { chars: number; bullets: number; repeated: number; coveredSessions: number; eligible: number; held: number }

/** The memory-context prompt at `maxTokens`: answer words held for questions whose evidence it covers. */
export async function memoryContext(client: Client, c: Conversation, questions: Question[], maxTokens: number): Promise<ContextOutcome> {
  const r = await client.getPrompt({ name: 'memory-context', arguments: { max_tokens: String(maxTokens), scope: c.project } });
  const block = r.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n');
  const covered = coveredSessions(block, c);
  let eligible = 0;
  let held = 0;
  for (const q of questions) {
    const ev = [...evidenceSessions(q, c)];
    if (ev.length === 0 || !ev.every((s) => covered.has(s)) || contentWords(q.answer).length === 0) continue;
    eligible++;
    if (holdsAnswer(block, q.answer)) held++;
  }
  return { chars: block.length, bullets: block.split('\n').filter((l) => l.startsWith('- ')).length, repeated: repeatedBullets(block), coveredSessions: covered.size, eligible, held };
}
