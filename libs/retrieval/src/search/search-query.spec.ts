import { InvalidSearchQueryError } from '../errors.js';
import { anyTermQueryText, normalizeSearchQuery } from './search-query.js';

const defaults = { vectorWeight: 0.6, keywordWeight: 0.4, rrfK: 60 };

describe(normalizeSearchQuery.name, () => {
  it('applies the defaults', () => {
    const q = normalizeSearchQuery({ text: '  deploy  ', scopes: ['global', 'global'] }, defaults);
    expect(q).toMatchObject({ text: 'deploy', mode: 'hybrid', topK: 10, scopes: ['global'], types: null, tags: null });
    expect(q.weights).toEqual({ vector: 0.6, keyword: 0.4 });
    expect(q.includeArchived).toBe(false);
  });

  it.each([0, 101, 2.5])('rejects topK %p', (topK) => {
    expect(() => normalizeSearchQuery({ text: 'x', scopes: [], topK }, defaults)).toThrow(InvalidSearchQueryError);
  });

  it('requires scopes and sane weights', () => {
    expect(() => normalizeSearchQuery({ text: 'x' } as never, defaults)).toThrow(/scopes is required/);
    expect(() => normalizeSearchQuery({ text: 'x', scopes: [], weights: { vector: 0, keyword: 0 } }, defaults)).toThrow(
      InvalidSearchQueryError,
    );
    expect(() => normalizeSearchQuery({ text: 'x', scopes: [], weights: { vector: -1, keyword: 1 } }, defaults)).toThrow(
      InvalidSearchQueryError,
    );
    expect(() => normalizeSearchQuery({ text: 'x', scopes: [], mode: 'fuzzy' as never }, defaults)).toThrow(
      InvalidSearchQueryError,
    );
  });
});

describe(anyTermQueryText.name, () => {
  it('ORs the words and drops punctuation and websearch operators', () => {
    expect(anyTermQueryText('How do we deploy "the" database -fast?')).toBe('How or do or we or deploy or the or database or fast');
    expect(anyTermQueryText('this or that')).toBe('this or that');
  });

  it('returns null when there is nothing to OR', () => {
    expect(anyTermQueryText('single')).toBeNull();
    expect(anyTermQueryText(' ?! ')).toBeNull();
  });
});
