import { InvalidSearchQueryError } from '../errors.js';
import { DEFAULT_RETRIEVAL_DEFAULTS, normalizeRetrieveQuery } from './retrieve-query.js';

const norm = (q: Record<string, unknown>) => normalizeRetrieveQuery({ text: 'x', scopes: ['global'], ...q } as never, DEFAULT_RETRIEVAL_DEFAULTS);

describe(normalizeRetrieveQuery.name, () => {
  it('applies the defaults', () => {
    expect(norm({ text: '  deploy ' })).toMatchObject({
      text: 'deploy', mode: 'hybrid', topK: 10, maxTokens: 8000, minConfidence: 0.1, minRelevance: 0.2, fusion: 'normalized', route: 'auto',
      weights: { vector: 0.3, keyword: 0.7 }, ranking: { semantic: 0.7, recency: 0.2, access: 0.1, confidence: 0 },
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
