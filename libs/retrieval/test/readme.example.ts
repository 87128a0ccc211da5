// The usage example quoted in libs/retrieval/README.md; readme-example.int-spec.ts runs it.
import type { DatabaseHandle, EmbeddingProvider } from '@engram/infra';
import { createEmbeddingIndexer, createSearchService, touchMemories, type SearchResponse } from '@engram/retrieval';

export async function recallExample(
  handle: DatabaseHandle,
  embedder: EmbeddingProvider | null,
  log: (line: string) => void, // e.g. a stderr logger: stdout may be an MCP stdio stream
): Promise<SearchResponse> {
  // Fill vectors for records written since the last run (normally the 'embed-pending-memories' job does this).
  if (embedder) await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce();

  const search = createSearchService({ db: handle.db, embedder });
  const response = await search.search({
    text: 'how do we ship builds to staging?',
    scopes: ['global', 'project:engram'], // what this caller may see; nothing else is ever returned
    types: ['decision', 'fact'],
    topK: 5,
  });
  for (const hit of response.results) {
    log(`${hit.score.toFixed(4)} v#${hit.vectorRank ?? '-'} k#${hit.keywordRank ?? '-'} ${hit.record.content}`);
  }
  if (response.degraded) log(response.degraded); // e.g. no model: keyword results only

  // Recall reinforces what it returned.
  await touchMemories(handle.db, response.results.map((r) => r.record.id));
  return response;
}
