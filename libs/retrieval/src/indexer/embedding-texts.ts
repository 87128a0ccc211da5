import type { Kysely } from 'kysely';
import { CONTEXT_REACH, embeddingText, isShortTurn, type ContextTurn, type MemoryDatabase } from '@engram/memory';
import type { PendingEmbedding } from '../queries/pending-embeddings.query.js';
import { precedingTurns } from '../queries/preceding-turns.query.js';

/**
 * The text the sentence model reads for each pending record, in order: its content, and for a
 * short turn of a dialogue its burst and prompt too (`embeddingText`, ADR-0049). The turns before
 * it are read as they are when the vector is made; the vector is not remade when they change later
 * (the content hash guards the record's own text, which is what search and citations show).
 */
export async function embeddingTexts(db: Kysely<MemoryDatabase>, batch: readonly PendingEmbedding[]): Promise<string[]> {
  const short = batch.filter((r) => isShortTurn(r.content)).map((r) => r.id);
  const before = new Map<string, ContextTurn[]>();
  for (const p of await precedingTurns(db, short, CONTEXT_REACH)) {
    const list = before.get(p.contextOf) ?? [];
    list[p.distance - 1] = { content: p.content, metadata: p.metadata, at: p.createdAt };
    before.set(p.contextOf, list);
  }
  return batch.map((r) => embeddingText({ content: r.content, metadata: r.metadata, at: r.created_at }, (before.get(r.id) ?? []).filter(Boolean)));
}
