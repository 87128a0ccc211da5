import { z } from 'zod';
import { scopeField, tagsField, typeField } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { recordLine, recordView } from './render.js';

/** memory.search (seed 000 FR-06): vector, keyword (BM25) or hybrid (score fusion) search. */
export const memorySearchTool = defineTool({
  name: 'memory.search',
  title: 'Search memories',
  description:
    'Search memories by meaning and keywords. mode: hybrid (default: min-max score fusion of vector similarity and BM25 full-text, weighted 0.4 vector / 0.6 keyword), vector or keyword (BM25: any query word may match, rarer words weigh more). ' +
    'Without the embedding model, search falls back to keyword and says so in `degraded`.',
  readOnly: true,
  uses: 'memory',
  inputSchema: z.object({
    query: z.string().trim().min(1, 'query must not be empty').max(10_000).describe('What to search for: words or a question (at most 10,000 characters).'),
    mode: z.enum(['hybrid', 'vector', 'keyword']).default('hybrid').describe('hybrid (default: fuses vector similarity and BM25 keyword scores), vector (meaning only) or keyword (BM25 only).'),
    top_k: z.number().int().min(1).max(100).default(10).describe('How many results to return (1-100, default 10).'),
    types: z.array(typeField).max(20).optional().describe('Only memories of these types (at most 20).'),
    tags: tagsField,
    scope: scopeField,
    include_archived: z.boolean().default(false).describe('Also search archived memories (default false).'),
  }).strict(),
  async handler(input, { service, ctx }) {
    const out = await service.search(
      { query: input.query, mode: input.mode, topK: input.top_k, types: input.types, tags: input.tags, scope: input.scope, includeArchived: input.include_archived },
      ctx,
    );
    const results = out.results.map((r) => ({ ...recordView(r.record), score: r.score }));
    const lines = out.results.map((r) => recordLine(r.record, r.score));
    const head = out.degraded ? `(${out.mode}; ${out.degraded})\n` : '';
    return { structured: { results, mode: out.mode, ...(out.degraded ? { degraded: out.degraded } : {}) }, text: head + (lines.join('\n') || 'no results') };
  },
});
