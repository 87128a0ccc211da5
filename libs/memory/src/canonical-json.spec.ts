import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,1]},"b":1}');
    expect(canonicalJson({ b: 1, a: 2 })).toBe(canonicalJson({ a: 2, b: 1 }));
  });

  it('treats undefined as JSON does: a key is left out, an array element is null, on its own it is null', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson(JSON.parse(JSON.stringify({ a: 1, b: undefined }))));
    expect(canonicalJson([1, undefined])).toBe('[1,null]');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('keeps null apart from a missing key', () => {
    expect(canonicalJson({ a: null })).toBe('{"a":null}');
    expect(canonicalJson({ a: null })).not.toBe(canonicalJson({}));
    expect(canonicalJson(null)).toBe('null');
  });

  it('agrees with JSON.stringify on everything else (toJSON, strings, numbers)', () => {
    const at = new Date('2026-11-26T12:00:00.000Z');
    expect(canonicalJson({ at })).toBe('{"at":"2026-11-26T12:00:00.000Z"}');
    expect(canonicalJson({ at })).not.toBe(canonicalJson({ at: new Date(0) }));
    expect(canonicalJson(['é "q"', 1.5, NaN, true, () => 1])).toBe(JSON.stringify(['é "q"', 1.5, NaN, true, () => 1]));
  });
});
