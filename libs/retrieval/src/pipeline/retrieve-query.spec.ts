import { InvalidSearchQueryError } from '../errors.js';
import { DEFAULT_RETRIEVAL_DEFAULTS, normalizeRetrieveQuery } from './retrieve-query.js';

const norm = (q: Record<string, unknown>) => normalizeRetrieveQuery({ text: 'x', scopes: ['global'], ...q } as never, DEFAULT_RETRIEVAL_DEFAULTS);

describe(normalizeRetrieveQuery.name, () => {
  it('applies the defaults', () => {
    expect(norm({ text: '  deploy ' })).toMatchObject({
      text: 'deploy', mode: 'hybrid', topK: 10, maxTokens: 8000, minConfidence: 0.1, minRelevance: 0.2, fusion: 'normalized', route: 'auto',
      weights: { vector: 0.4, keyword: 0.6 }, ranking: { semantic: 0.7, recency: 0.2, access: 0.1, confidence: 0 },
    });
  });

  it.each([
    [{ topK: 0 }, /topK/], [{ topK: 10_000 }, /topK/], [{ topK: 1.5 }, /topK/],
    [{ maxTokens: 10 }, /maxTokens/], [{ maxTokens: 1e9 }, /maxTokens/],
    [{ weights: { vector: 1e6, keyword: 1 } }, /weights/], [{ weights: { vector: -1, keyword: 1 } }, /weights/],
    [{ weights: { vector: 0, keyword: 0 } }, /weights/], [{ weights: { vector: Number.NaN, keyword: 1 } }, /weights/],
    [{ ranking: { semantic: -0.5 } }, /ranking/], [{ minConfidence: 2 }, /minConfidence/], [{ minRelevance: -1 }, /minRelevance/],
    [{ fusion: 'magic' }, /fusion/], [{ mode: 'fuzzy' }, /mode/], [{ route: 'sideways' }, /route/],
    [{ scopes: undefined }, /scopes/], [{ createdAfter: new Date('nope') }, /createdAfter/],
  ])('rejects %p with a clear message', (q, message) => {
    expect(() => norm(q)).toThrow(InvalidSearchQueryError);
    expect(() => norm(q)).toThrow(message);
  });
});

// The documented ranges are inclusive: a caller at the edge gets an answer, one step past it a clear error.
describe(`${normalizeRetrieveQuery.name}: the edges of each range`, () => {
  it.each([
    [{ topK: 1 }], [{ topK: 100 }], [{ maxTokens: 50 }], [{ maxTokens: 200_000 }],
    [{ minConfidence: 0 }], [{ minConfidence: 1 }], [{ minRelevance: 0 }], [{ minRelevance: 1 }],
    [{ weights: { vector: 100, keyword: 0 } }], [{ weights: { vector: 0, keyword: 100 } }],
    [{ ranking: { semantic: 100, recency: 0, access: 0, confidence: 0 } }], [{ ranking: { semantic: 0, recency: 0, access: 0, confidence: 1 } }],
  ])('accepts %p', (q) => {
    expect(norm(q)).toMatchObject(q);
  });

  it.each([
    [{ topK: 101 }, /topK/], [{ maxTokens: 49 }, /maxTokens/], [{ maxTokens: 200_001 }, /maxTokens/],
    [{ minConfidence: -0.01 }, /minConfidence/], [{ minConfidence: 1.01 }, /minConfidence/], [{ minConfidence: Number.NaN }, /minConfidence/],
    [{ minConfidence: '0.5' }, /minConfidence/], [{ minRelevance: 1.01 }, /minRelevance/], [{ minRelevance: '0.5' }, /minRelevance/],
    [{ weights: { vector: 100.5, keyword: 0 } }, /weights/], [{ weights: { vector: 1, keyword: -0.1 } }, /weights/],
    [{ weights: { vector: 1, keyword: 100.5 } }, /weights/], [{ weights: 'balanced' }, /weights/],
    [{ text: 42 }, /text/], [{ scopes: ['global', 7] }, /scopes/], [{ scopes: 'global' }, /scopes/],
    [{ createdBefore: new Date('nope') }, /createdBefore/], [{ createdAfter: '2026-01-01' }, /createdAfter/],
  ])('rejects %p', (q, message) => {
    expect(() => norm(q)).toThrow(message);
  });

  it.each([
    ['mode', ['hybrid', 'vector', 'keyword']],
    ['fusion', ['rrf', 'normalized']],
    ['route', ['auto', 'simple', 'multi_hop', 'exploratory', 'skip']],
  ])('accepts every %s a caller may name', (field, values) => {
    for (const value of values) expect(norm({ [field]: value })[field as 'mode']).toBe(value);
  });

  it('passes the filters through, de-duplicates scopes and includes archived memories only when asked with true', () => {
    const after = new Date('2026-01-01T00:00:00Z');
    const before = new Date('2026-02-01T00:00:00Z');
    expect(norm({ scopes: ['global', 'project:x', 'global'], types: ['fact'], tags: ['db'], createdAfter: after, createdBefore: before }))
      .toMatchObject({ scopes: ['global', 'project:x'], types: ['fact'], tags: ['db'], createdAfter: after, createdBefore: before, includeArchived: false });
    expect(norm({ includeArchived: true }).includeArchived).toBe(true);
    expect(norm({ includeArchived: 'yes' }).includeArchived).toBe(false);
  });

  it('keeps the default of each ranking weight the caller leaves out', () => {
    expect(norm({ ranking: { recency: 0.5 } }).ranking).toEqual({ semantic: 0.7, recency: 0.5, access: 0.1, confidence: 0 });
    expect(norm({ weights: { vector: 1, keyword: 2, extra: 3 } }).weights).toEqual({ vector: 1, keyword: 2 });
  });
});

describe(`${normalizeRetrieveQuery.name}: what a caller gets back for a bad request`, () => {
  // An InvalidSearchQueryError is a 400 for the caller; a TypeError from inside would be a 500.
  it('rejects text that is not a string as an invalid query, not a crash', () => {
    expect(() => norm({ text: 42 })).toThrow(InvalidSearchQueryError);
    expect(() => norm({ text: undefined })).toThrow(InvalidSearchQueryError);
  });

  it('rejects a weight given as a string', () => {
    expect(() => norm({ weights: { vector: '0.5', keyword: 0.5 } })).toThrow(InvalidSearchQueryError);
  });

  it('names the values it accepts', () => {
    expect(() => norm({ mode: 'fuzzy' })).toThrow('mode must be one of hybrid, vector, keyword, got fuzzy');
  });
});
