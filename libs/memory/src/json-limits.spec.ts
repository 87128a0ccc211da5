import { checkJsonShape, JSON_LIMITS, JsonLimitError, parseLimitedJson } from './json-limits.js';

const codeOf = (text: string): string | undefined => {
  try {
    parseLimitedJson(text);
    return undefined;
  } catch (error) {
    return error instanceof JsonLimitError ? error.code : `not a JsonLimitError: ${String(error)}`;
  }
};


describe('JSON limits enforced before parsing (issue 36)', () => {
  const manyKeys = JSON.stringify({ metadata: Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}`, i])) });
  const longArray = JSON.stringify({ events: Array.from({ length: 120_000 }, (_, i) => i) });
  const spreadKeys = JSON.stringify({ parts: Array.from({ length: 100 }, (_, p) => Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${p}_${i}`, i]))) });

  // How long the check takes is bench:event-loop's to measure (no clocks in unit tests).
  it('T3-19 refuses 40,000-key metadata and a 120,000-item array by name', () => {
    expect(codeOf(manyKeys)).toBe('JSON_TOO_MANY_KEYS');
    expect(codeOf(longArray)).toBe('JSON_ARRAY_TOO_LONG');
    // Spread over many objects, each within the per-object limit: the total still counts.
    expect(codeOf(spreadKeys)).toBe('JSON_TOO_MANY_VALUES');
    for (const text of [manyKeys, longArray, spreadKeys]) expect(() => checkJsonShape(text)).toThrow(JsonLimitError);
  });

  it('T3-19 a 1 MB body within the limits passes and parses as JSON.parse does', () => {
    const text = JSON.stringify({ events: Array.from({ length: 1_000 }, (_, i) => ({ session_id: `s${i}`, kind: 'note', text: 'x'.repeat(900), metadata: { a: [1, 2, { b: 'c' }] } })) });
    expect(text.length).toBeGreaterThan(900_000);
    expect(() => checkJsonShape(text)).not.toThrow();
    expect(parseLimitedJson(text)).toEqual(JSON.parse(text));
  });

  it('T3-19 counts nesting, keys and items exactly at the limits, not inside strings', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(codeOf(deep(JSON_LIMITS.maxDepth))).toBeUndefined();
    expect(codeOf(deep(JSON_LIMITS.maxDepth + 1))).toBe('JSON_TOO_DEEP');
    expect(codeOf(deep(5_000))).toBe('JSON_TOO_DEEP');
    const obj = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, [i, { i }]])));
    expect(codeOf(obj(JSON_LIMITS.maxKeys))).toBeUndefined();
    expect(codeOf(obj(JSON_LIMITS.maxKeys + 1))).toBe('JSON_TOO_MANY_KEYS');
    const arr = (n: number) => JSON.stringify(Array.from({ length: n }, () => 0));
    expect(codeOf(arr(JSON_LIMITS.maxItems))).toBeUndefined();
    expect(codeOf(arr(JSON_LIMITS.maxItems + 1))).toBe('JSON_ARRAY_TOO_LONG');
    // Brackets, commas and escaped quotes inside strings are text, not structure.
    const tricky = JSON.stringify({ s: `${'[{,'.repeat(20_000)}\\"]` });
    expect(codeOf(tricky)).toBeUndefined();
    expect(codeOf('[]')).toBeUndefined();
    expect(codeOf('{}')).toBeUndefined();
    expect(codeOf('"plain"')).toBeUndefined();
  });

  it('T3-23 a valid body with a __proto__ key is refused by name, not called invalid JSON', () => {
    const text = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start_thinking","arguments":{"query":"q","metadata":{"__proto__":{"polluted":true}}}}}';
    expect(codeOf(text)).toBe('JSON_FORBIDDEN_KEY');
    expect(() => parseLimitedJson(text)).toThrow(/"__proto__" is not accepted/);
    // Only as a key: the word in a value is fine, and so is a constructor key.
    expect(parseLimitedJson('{"note":"__proto__ is a JS word","constructor":1}')).toEqual({ note: '__proto__ is a JS word', constructor: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names broken syntax JSON_INVALID with the parser\'s reason', () => {
    expect(codeOf('{"a":')).toBe('JSON_INVALID');
    expect(() => parseLimitedJson('{"a":')).toThrow(/not valid JSON/);
  });
});
