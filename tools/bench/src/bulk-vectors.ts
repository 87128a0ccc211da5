// `bench:retrieve -- --bulk-vectors`: the corpus vectors written as the database owner with the
// HNSW index dropped, then the index built once and timed (issue 39's 1M run). Through the real
// indexer every vector is an HNSW insert, hours at 1M memories on two cores; a latency fixture
// only needs the index a restore would build. Not the write path: `bench:write` measures that.
import { sql } from 'kysely';
import type { BenchDatabase } from './databases.js';
import { memoryAt } from './corpus.js';
import { timedIndexBuild } from './sizing-phase.js';
import { progress, since } from './stats.js';
import type { CorpusVectors } from './vectors.js';

const PAGE = 2000;

/** What the bulk fill did: vectors written, seconds to write them, seconds to build the index. */
export interface BulkVectorsResult {
  written: number;
  writeSeconds: number;
  hnswBuildSeconds: number;
  buildMemory: string;
}

function vectorText(vectors: CorpusVectors, i: number): string {
  const row = vectors.data.subarray(i * vectors.dim, (i + 1) * vectors.dim);
  return `[${Array.from(row, (x) => x.toFixed(6)).join(',')}]`;
}

/**
 * Writes corpus memory i's vector to every stored row with memory i's text (model name and version
 * as the indexer would tag them), then rebuilds memories_embedding_idx under `buildMemory`.
 * Throws when a row's text is not in the corpus: the fixture would be half embedded.
 */
export async function bulkFillVectors(db: BenchDatabase, vectors: CorpusVectors, seed: number, model: { name: string; version: string }, buildMemory: string): Promise<BulkVectorsResult> {
  const index = new Map<string, number>();
  for (let i = 0; i < vectors.n; i++) index.set(memoryAt(seed, i).content, i);
  const def = await sql<{ d: string }>`SELECT indexdef AS d FROM pg_indexes WHERE indexname = 'memories_embedding_idx'`.execute(db.handle.db);
  const indexdef = def.rows[0]?.d;
  if (!indexdef) throw new Error('memories_embedding_idx is missing: is the store migrated?');
  await sql`DROP INDEX memories_embedding_idx`.execute(db.handle.db);
  const t = performance.now();
  let written = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await sql<{ id: string; content: string }>`
      SELECT id, content FROM memories WHERE embedding IS NULL AND id > ${after}::uuid ORDER BY id LIMIT ${PAGE}`.execute(db.handle.db);
    if (page.rows.length === 0) break;
    after = page.rows[page.rows.length - 1]?.id as string;
    const texts = page.rows.map((r) => {
      const i = index.get(r.content);
      if (i === undefined) throw new Error(`memory ${r.id} holds a text that is not in the corpus`);
      return vectorText(vectors, i);
    });
    await sql`
      UPDATE memories m SET embedding = x.e::vector, embedding_model = ${model.name}, embedding_model_version = ${model.version}
      FROM unnest(${page.rows.map((r) => r.id)}::uuid[], ${texts}::text[]) AS x(id, e) WHERE m.id = x.id`.execute(db.handle.db);
    written += page.rows.length;
    if (written % 50_000 < PAGE) progress(`  ${written} vectors written (${Math.round(written / (since(t) / 1000))}/s)`);
  }
  const writeSeconds = Math.round(since(t) / 100) / 10;
  progress(`${db.name}: ${written} vectors in ${writeSeconds} s; building the HNSW index (maintenance_work_mem ${buildMemory})`);
  const hnswBuildSeconds = await timedIndexBuild(db, indexdef, buildMemory);
  progress(`${db.name}: HNSW index built in ${hnswBuildSeconds} s`);
  return { written, writeSeconds, hnswBuildSeconds, buildMemory };
}
