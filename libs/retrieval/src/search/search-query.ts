import { InvalidSearchQueryError } from '../errors.js';
import type { FusionWeights, SearchDefaults, SearchMode, SearchQuery } from './search.types.js';

/** A validated query with every default applied. */
export interface NormalizedSearchQuery {
  text: string;
  mode: SearchMode;
  topK: number;
  scopes: string[];
  types: string[] | null;
  tags: string[] | null;
  includeArchived: boolean;
  minScore: number | null;
  minConfidence: number | null;
  createdAfter: Date | null;
  createdBefore: Date | null;
  weights: FusionWeights;
  listDepth: number | null;
}

export const DEFAULT_TOP_K = 10;
export const MAX_TOP_K = 100;
const MODES: readonly SearchMode[] = ['hybrid', 'vector', 'keyword'];

function nonEmptyList(name: string, value: string[] | undefined): string[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw new InvalidSearchQueryError(`${name} must be an array of strings`);
  }
  // An empty filter list means "no filter", not "match nothing": agents send [] for "any".
  return value.length > 0 ? [...new Set(value)] : null;
}

function checkWeights(weights: FusionWeights): FusionWeights {
  const ok = (w: number) => typeof w === 'number' && Number.isFinite(w) && w >= 0;
  if (!ok(weights.vector) || !ok(weights.keyword) || weights.vector + weights.keyword <= 0) {
    throw new InvalidSearchQueryError('weights must be finite, >= 0 and not both 0');
  }
  return { vector: weights.vector, keyword: weights.keyword };
}

function checkTopK(topK: number | undefined): number {
  const k = topK ?? DEFAULT_TOP_K;
  if (!Number.isInteger(k) || k < 1 || k > MAX_TOP_K) {
    throw new InvalidSearchQueryError(`topK must be an integer in 1..${MAX_TOP_K}, got ${String(topK)}`);
  }
  return k;
}

function checkListDepth(depth: number | undefined): number | null {
  if (depth === undefined) return null;
  if (!Number.isInteger(depth) || depth < 1 || depth > 4 * MAX_TOP_K) throw new InvalidSearchQueryError(`listDepth must be an integer in 1..${4 * MAX_TOP_K}`);
  return depth;
}

/** Validates a query and applies defaults; throws InvalidSearchQueryError for malformed input. */
export function normalizeSearchQuery(query: SearchQuery, defaults: SearchDefaults): NormalizedSearchQuery {
  if (typeof query.text !== 'string') throw new InvalidSearchQueryError('text must be a string');
  if (!Array.isArray(query.scopes) || query.scopes.some((s) => typeof s !== 'string')) {
    throw new InvalidSearchQueryError('scopes is required: the list of scopes the caller may see');
  }
  const mode = query.mode ?? 'hybrid';
  if (!MODES.includes(mode)) throw new InvalidSearchQueryError(`mode must be one of ${MODES.join(', ')}`);
  return {
    text: query.text.trim(),
    mode,
    topK: checkTopK(query.topK),
    scopes: [...new Set(query.scopes)],
    types: nonEmptyList('types', query.types),
    tags: nonEmptyList('tags', query.tags),
    includeArchived: query.includeArchived === true,
    minScore: query.minScore ?? null,
    minConfidence: query.minConfidence ?? null,
    createdAfter: query.createdAfter ?? null,
    createdBefore: query.createdBefore ?? null,
    weights: checkWeights(query.weights ?? { vector: defaults.vectorWeight, keyword: defaults.keywordWeight }),
    listDepth: checkListDepth(query.listDepth),
  };
}

/**
 * The OR fallback for keyword search: websearch_to_tsquery ANDs every term, which natural-language
 * questions rarely satisfy. Joining the bare words with `or` keeps websearch parsing (stemming,
 * stop words) but matches any term. Returns null when no word is left.
 */
export function anyTermQueryText(text: string): string | null {
  const words = text
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w.length > 0 && w.toLowerCase() !== 'or');
  return words.length > 1 ? [...new Set(words)].join(' or ') : null;
}
