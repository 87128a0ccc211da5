// Stores every turn of a conversation through memory.store, in order (created_at keeps the turn
// order within a session), then waits until the server's indexer has embedded them all.
import pg from 'pg';
import { progress } from '../stats.js';
import type { Conversation } from './dataset.js';
import type { McpSession } from './mcp-session.js';

/** Memory id → the turn ids stored as it (an exact duplicate turn maps to the first one's id). */
export type TurnIndex = Map<string, string[]>;

/** The scope a conversation is stored in: its own unless it names one (--one-scope). */
export const scopeOf = (c: Conversation) => c.scope ?? `project:locomo-${c.sampleId}`;

/** The scope --one-scope stores every conversation in, as one project holds many sessions. */
export const SHARED_SCOPE = 'project:conversations';

/**
 * The session a turn is stored under. In a scope of its own, the dataset's number; in a shared
 * scope, prefixed with the conversation, since every conversation numbers its sessions from 1 and
 * a real store's session ids are unique.
 */
export const sessionOf = (c: Conversation, turn: Conversation['turns'][number]) => (c.scope === undefined ? turn.session : `${c.sampleId}/${turn.session}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function storeTurn(session: McpSession, c: Conversation, turn: Conversation['turns'][number]): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    const r = await session.call('memory.store', {
      type: 'episode', content: turn.content, scope: scopeOf(c), temporal_valid_from: turn.validFrom.toISOString(),
      metadata: { speaker: turn.speaker, session: sessionOf(c, turn), date: turn.date, dia_id: turn.diaId },
    });
    // Respect the gate's write limit instead of dodging it: wait and retry the same write.
    if (r.structured.code === 'RATE_LIMITED' && attempt < 600) {
      await sleep(1000);
      continue;
    }
    if (r.isError || r.structured.status !== 'approved') {
      progress(`  ${c.sampleId} ${turn.diaId} not stored: ${r.text.slice(0, 200)}`);
      return null;
    }
    return String(r.structured.id);
  }
}

/** Stores one conversation's turns; returns the memory→turn index and how many turns were refused. */
export async function loadConversation(session: McpSession, c: Conversation): Promise<{ index: TurnIndex; refused: number }> {
  const index: TurnIndex = new Map();
  let refused = 0;
  for (const turn of c.turns) {
    const id = await storeTurn(session, c, turn);
    if (id === null) refused++;
    else index.set(id, [...(index.get(id) ?? []), turn.diaId]);
  }
  return { index, refused };
}

/** Polls until no memory of `scopes` waits for a vector (memory.retrieve reports pending_embeddings). */
export async function waitForEmbeddings(session: McpSession, scopes: string[], timeoutMs = 1_800_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let pending = 0;
    for (const scope of scopes) {
      const r = await session.call('memory.retrieve', { query: 'embedding progress', mode: 'vector', top_k: 1, scope });
      pending += Number(r.structured.pending_embeddings ?? 0);
    }
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending} memories still without a vector after ${timeoutMs / 1000} s`);
    progress(`  waiting for the indexer: ${pending} memories without a vector`);
    await sleep(5000);
  }
}

/**
 * The memory→turn index of a conversation stored by an earlier run (--reuse-db): each turn maps to
 * the live memory of its scope with the same content, as memory.store's exact-duplicate rule did.
 */
export async function indexStoredConversation(url: string, c: Conversation): Promise<{ index: TurnIndex; refused: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ id: string; content: string }>(
      `SELECT id, content FROM memories WHERE scope = $1 AND status = 'active' ORDER BY created_at, id`, [scopeOf(c)]);
    const byContent = new Map<string, string>();
    for (const r of rows.rows) if (!byContent.has(r.content)) byContent.set(r.content, r.id);
    const index: TurnIndex = new Map();
    let refused = 0;
    for (const turn of c.turns) {
      const id = byContent.get(turn.content);
      if (id === undefined) refused++;
      else index.set(id, [...(index.get(id) ?? []), turn.diaId]);
    }
    return { index, refused };
  } finally {
    await client.end();
  }
}
