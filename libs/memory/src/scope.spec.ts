import { InvalidRecordError } from './errors.js';
import { isScope, parseScope, scopeMatches } from './scope.js';

describe('scope', () => {
  it('parses the three scope forms', () => {
    expect(parseScope('global')).toEqual({ kind: 'global' });
    expect(parseScope('project:engram')).toEqual({ kind: 'project', id: 'engram' });
    expect(parseScope('agent:claude/1')).toEqual({ kind: 'agent', id: 'claude/1' });
  });

  it('rejects anything else', () => {
    for (const bad of ['', 'Global', 'project:', 'team:x', 'project: x', 'agent']) {
      expect(isScope(bad)).toBe(false);
      expect(() => parseScope(bad)).toThrow(InvalidRecordError);
    }
  });

  it('matches exact, wildcard and prefix patterns', () => {
    expect(scopeMatches('project:a', 'project:a')).toBe(true);
    expect(scopeMatches('project:a', 'project:ab')).toBe(false);
    expect(scopeMatches('project:*', 'project:ab')).toBe(true);
    expect(scopeMatches('project:*', 'global')).toBe(false);
    expect(scopeMatches('*', 'agent:x')).toBe(true);
  });
});
