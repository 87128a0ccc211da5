import type { EmbeddingProvider } from '@engram/infra';
import { sql } from 'kysely';
import { InvalidTocQueryError } from '../errors.js';
import type { TocLevel } from './time-buckets.js';
import type { TocDb } from './toc-tables.js';

/** One teleport hit (TELE-04): a node or a grip, with where it lives in time. */
export interface TocSearchHit {
  kind: 'node' | 'grip';
  id: string;
  /** The node's title or the grip's excerpt. */
  text: string;
  level: TocLevel | null;
  /** The node itself, or the segment that cites the grip. */
  nodeId: string;
  at: Date;
  score: number;
  matchedBy: ('keyword' | 'vector')[];
}

export type TocSearchMode = 'keyword' | 'vector' | 'hybrid';

/** RRF constant (as the memory search, SPEC 5). */
const RRF_K = 60;
const MAX_QUERY = 1000;

interface Ranked { key: string; hit: Omit<TocSearchHit, 'score' | 'matchedBy'> }

async function keyword(db: TocDb, project: string, text: string, k: number): Promise<Ranked[][]> {
  const tsq = sql`websearch_to_tsquery('english', ${text})`;
  const nodes = await db.selectFrom('toc_latest')
    .innerJoin('toc_nodes', (j) => j.onRef('toc_nodes.project', '=', 'toc_latest.project')
      .onRef('toc_nodes.node_id', '=', 'toc_latest.node_id').onRef('toc_nodes.version', '=', 'toc_latest.version'))
    .select(['toc_nodes.node_id', 'toc_nodes.level', 'toc_nodes.title', 'toc_nodes.start_ts', sql<number>`ts_rank_cd(toc_nodes.search_tsv, ${tsq}, 32)`.as('rank')])
    .where('toc_latest.project', '=', project).where(sql<boolean>`toc_nodes.search_tsv @@ ${tsq}`)
    .orderBy('rank', 'desc').orderBy('toc_nodes.node_id').limit(k).execute();
  const grips = await db.selectFrom('toc_grips')
    .select(['grip_id', 'node_id', 'excerpt', 'ts', sql<number>`ts_rank_cd(search_tsv, ${tsq}, 32)`.as('rank')])
    .where('project', '=', project).where(sql<boolean>`search_tsv @@ ${tsq}`)
    .orderBy('rank', 'desc').orderBy('grip_id').limit(k).execute();
  return [
    nodes.map((r) => ({ key: `node:${r.node_id}`, hit: { kind: 'node', id: r.node_id, text: r.title, level: r.level as TocLevel, nodeId: r.node_id, at: new Date(r.start_ts) } })),
    grips.map((r) => ({ key: `grip:${r.grip_id}`, hit: { kind: 'grip', id: r.grip_id, text: r.excerpt, level: null, nodeId: r.node_id, at: new Date(r.ts) } })),
  ];
}

async function vector(db: TocDb, embedder: Pick<EmbeddingProvider, 'embedQuery'> | null, project: string, text: string, k: number): Promise<Ranked[][]> {
  if (!embedder) return [];
  const v = `[${Array.from(await embedder.embedQuery(text)).join(',')}]`;
  const nodes = await db.selectFrom('toc_latest')
    .innerJoin('toc_nodes', (j) => j.onRef('toc_nodes.project', '=', 'toc_latest.project')
      .onRef('toc_nodes.node_id', '=', 'toc_latest.node_id').onRef('toc_nodes.version', '=', 'toc_latest.version'))
    .select(['toc_nodes.node_id', 'toc_nodes.level', 'toc_nodes.title', 'toc_nodes.start_ts'])
    .where('toc_latest.project', '=', project).where('toc_nodes.embedding', 'is not', null)
    .orderBy(sql`toc_nodes.embedding <=> ${v}::vector`).orderBy('toc_nodes.node_id').limit(k).execute();
  const grips = await db.selectFrom('toc_grips').select(['grip_id', 'node_id', 'excerpt', 'ts'])
    .where('project', '=', project).where('embedding', 'is not', null)
    .orderBy(sql`embedding <=> ${v}::vector`).orderBy('grip_id').limit(k).execute();
  return [
    nodes.map((r) => ({ key: `node:${r.node_id}`, hit: { kind: 'node', id: r.node_id, text: r.title, level: r.level as TocLevel, nodeId: r.node_id, at: new Date(r.start_ts) } })),
    grips.map((r) => ({ key: `grip:${r.grip_id}`, hit: { kind: 'grip', id: r.grip_id, text: r.excerpt, level: null, nodeId: r.node_id, at: new Date(r.ts) } })),
  ];
}

/**
 * Search over the latest TOC nodes and the grips of one project (seed 002 TELE-01/02/04): Postgres
 * full text (works without a model) and pgvector cosine, fused by reciprocal rank (k = 60).
 * Without an embedder, `hybrid` is keyword-only and `vector` is refused.
 */
export function createTocSearch(db: TocDb, embedder: Pick<EmbeddingProvider, 'embedQuery'> | null) {
  return {
    async search(project: string, query: { text: string; limit: number; mode?: TocSearchMode }): Promise<{ hits: TocSearchHit[]; mode: TocSearchMode }> {
      const text = query.text.trim();
      if (!text || text.length > MAX_QUERY) throw new InvalidTocQueryError(`search text must be 1..${MAX_QUERY} characters`);
      if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > 100) throw new InvalidTocQueryError('limit must be an integer in 1..100');
      let mode = query.mode ?? 'hybrid';
      if (mode === 'vector' && !embedder) throw new InvalidTocQueryError('vector search needs the embedding model, which is not loaded in this process');
      if (mode === 'hybrid' && !embedder) mode = 'keyword';
      const k = query.limit * 2;
      const lists: { via: 'keyword' | 'vector'; list: Ranked[] }[] = [];
      if (mode !== 'vector') for (const list of await keyword(db, project, text, k)) lists.push({ via: 'keyword', list });
      if (mode !== 'keyword') for (const list of await vector(db, embedder, project, text, k)) lists.push({ via: 'vector', list });
      const fused = new Map<string, TocSearchHit>();
      for (const { via, list } of lists) {
        list.forEach((r, rank) => {
          const hit = fused.get(r.key) ?? { ...r.hit, score: 0, matchedBy: [] };
          hit.score += 1 / (RRF_K + rank + 1);
          if (!hit.matchedBy.includes(via)) hit.matchedBy.push(via);
          fused.set(r.key, hit);
        });
      }
      const hits = [...fused.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, query.limit);
      return { hits, mode };
    },
  };
}

export type TocSearch = ReturnType<typeof createTocSearch>;
