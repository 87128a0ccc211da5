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

  it('accepts scopes up to 512 characters, like the database CHECK', () => {
    const at = (n: number) => `project:${'x'.repeat(n - 'project:'.length)}`;
    expect(isScope(at(512))).toBe(true);
    expect(parseScope(at(512))).toEqual({ kind: 'project', id: 'x'.repeat(504) });
    expect(isScope(at(513))).toBe(false);
    expect(() => parseScope(at(513))).toThrow(/invalid scope "project:x+": expected global, project:<id> or agent:<id>/);
  });

  it('keeps the whole id after the first colon, spaces inside included', () => {
    expect(parseScope('project:a b:c')).toEqual({ kind: 'project', id: 'a b:c' });
    expect(parseScope('agent:x')).toEqual({ kind: 'agent', id: 'x' });
    expect(isScope('global ')).toBe(false);
    expect(isScope(' global')).toBe(false);
  });

  it('prefix patterns match by everything before the star, and nothing else', () => {
    expect(scopeMatches('project:acme-*', 'project:acme-web')).toBe(true);
    expect(scopeMatches('project:acme-*', 'project:acme')).toBe(false);
    expect(scopeMatches('project:acme-*', 'project:other-acme-web')).toBe(false);
    expect(scopeMatches('*', 'global')).toBe(true);
    expect(scopeMatches('global', 'global')).toBe(true);
    expect(scopeMatches('global', 'project:global')).toBe(false);
    // A star elsewhere is literal, not a wildcard.
    expect(scopeMatches('project:*-web', 'project:acme-web')).toBe(false);
  });
});

