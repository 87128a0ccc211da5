import type { EmbeddingProvider } from '@engram/infra';
import type { UnitResult } from './unit-builder.js';
import type { ConversationDb } from '../conversation-database.js';

type Embedder = Pick<EmbeddingProvider, 'embedPassages'>;

/**
 * Vectors for a unit's new nodes; empty when there is no model or it fails (keyword search still
 * works). Grips are not embedded any more (ADR-0021): a grip's excerpt is an event's own text, and
 * every event gets its vector from the embed-conversation-events job, off the build path.
 */
export async function embedUnit(embedder: Embedder | null | undefined, result: UnitResult, log?: (m: string) => void): Promise<{ nodes: (readonly number[] | undefined)[]; grips: Map<string, readonly number[]> }> {
  if (!embedder || result.nodes.length === 0) return { nodes: [], grips: new Map() };
  try {
    const vectors = await embedder.embedPassages(result.nodes.map((n) => n.text));
    return { nodes: vectors.map((v) => Array.from(v)), grips: new Map() };
  } catch (err) {
    log?.(`TOC embedding failed, storing without vectors: ${String(err)}`);
    return { nodes: [], grips: new Map() };
  }
}

/**
 * Fills vectors of current nodes stored without one (built by the CLI, which loads no
 * model, or while the model failed). Only the derived `embedding` column is ever updated.
 */
export async function embedMissing(db: ConversationDb, embedder: Embedder, limit: number): Promise<number> {
  const nodes = await db.selectFrom('toc_latest')
    .innerJoin('toc_nodes', (j) => j.onRef('toc_nodes.project', '=', 'toc_latest.project')
      .onRef('toc_nodes.node_id', '=', 'toc_latest.node_id').onRef('toc_nodes.version', '=', 'toc_latest.version'))
    .select(['toc_nodes.project', 'toc_nodes.node_id', 'toc_nodes.version', 'toc_nodes.title', 'toc_nodes.search_text'])
    .where('toc_nodes.embedding', 'is', null).limit(limit).execute();
  const grips: { grip_id: string; excerpt: string }[] = []; // grips are found through their events' vectors (see embedUnit)
  if (nodes.length + grips.length === 0) return 0;
  const vectors = await embedder.embedPassages([...nodes.map((n) => `${n.title}\n${n.search_text}`), ...grips.map((g) => g.excerpt)]);
  const lit = (i: number) => `[${Array.from(vectors[i] ?? []).join(',')}]`;
  await db.transaction().execute(async (trx) => {
    for (const [i, n] of nodes.entries()) {
      await trx.updateTable('toc_nodes').set({ embedding: lit(i) })
        .where('project', '=', n.project).where('node_id', '=', n.node_id).where('version', '=', n.version).execute();
    }
    for (const [i, g] of grips.entries()) await trx.updateTable('toc_grips').set({ embedding: lit(nodes.length + i) }).where('grip_id', '=', g.grip_id).execute();
  });
  return nodes.length + grips.length;
}
