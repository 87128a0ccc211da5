import { InvalidFilterError } from './errors.js';
import { isJsonPathError, validateJsonPath } from './jsonpath.js';

describe('validateJsonPath', () => {
  it('accepts well-formed paths', () => {
    expect(validateJsonPath(' $.impact ')).toBe('$.impact');
    expect(validateJsonPath('strict $ ? (@.tags[*] == "a(")')).toBe('strict $ ? (@.tags[*] == "a(")');
  });

  it('rejects malformed paths before they reach the database', () => {
    for (const bad of ['', 'impact', '$.a[', '$ ? (@.a == "x"', '$.a == "x', '$)']) {
      expect(() => validateJsonPath(bad)).toThrow(InvalidFilterError);
    }
  });

  it('recognises database jsonpath syntax errors', () => {
    expect(isJsonPathError({ code: '42601', message: 'syntax error at end of jsonpath input' })).toBe(true);
    expect(isJsonPathError({ code: '42601', message: 'syntax error at or near "FROM"' })).toBe(false);
  });

  it('refuses variables and treats evaluation errors of a path query as the path\'s (issue 17)', () => {
    expect(() => validateJsonPath('$ ? (@.k == $x)')).toThrow(/variables/);
    expect(() => validateJsonPath('$ ? (@.k == $"x")')).toThrow(/variables/);
    expect(validateJsonPath('$ ? (@.k == "$x")')).toBe('$ ? (@.k == "$x")');
    expect(isJsonPathError({ code: '22012', message: 'division by zero' })).toBe(true);
    expect(isJsonPathError({ code: '2203A', message: 'JSON object does not contain key "nope"' })).toBe(true);
    expect(isJsonPathError({ code: '42704', message: 'could not find jsonpath variable "x"' })).toBe(true);
  });
});
