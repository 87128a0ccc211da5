import { z } from 'zod';
import { scopeField, tagsField, typeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** recall (seed 004): relevant memories for a query, compact and within a token budget. */
export const recallTool = defineTool({
  name: 'recall',
  title: 'Recall',
  description:
    'Recall the memories most relevant to a query (hybrid search over global + the session/project scope), compacted to fit ' +
    'max_tokens (default 4000): best results in full, then without metadata, then truncated with truncated=true and total.',
  readOnly: false,
  inputSchema: z.object({
    query: z.string().trim().min(1, 'query must not be empty').max(10_000),
    top_k: z.number().int().min(1).max(50).default(8),
    types: z.array(typeField).max(20).optional(),
    tags: tagsField,
    scope: scopeField,
    max_tokens: z.number().int().min(50).max(100_000).default(4000),
  }).strict(),
  async handler(input, { service, ctx }) {
    const out = await service.recall(
      { query: input.query, topK: input.top_k, types: input.types, tags: input.tags, scope: input.scope, maxTokens: input.max_tokens },
      ctx,
    );
    const text = out.items.length
      ? out.items.map((m) => `- [${m.type}] ${m.content} (id ${m.id}, score ${m.score.toFixed(4)})`).join('\n')
      : 'nothing relevant remembered';
    const structured = { memories: out.items, truncated: out.truncated, total: out.total, mode: out.mode, ...(out.degraded ? { degraded: out.degraded } : {}) };
    return { structured, text: out.truncated ? `${text}\n(${out.items.length} of ${out.total} shown)` : text };
  },
});
