import { defaultSessionScope, scopeOfProjectValue, sessionScopeFromHeaders } from './session-scope.js';

describe('session scope of an HTTP connection', () => {
  it('takes X-Engram-Project (a name, a full scope or global) and falls back to the server default', () => {
    expect(sessionScopeFromHeaders({ 'x-engram-project': 'acme' }, undefined)).toEqual({ scope: 'project:acme' });
    expect(sessionScopeFromHeaders({ 'x-engram-project': 'agent:bot' }, 'project:x')).toEqual({ scope: 'agent:bot' });
    expect(sessionScopeFromHeaders({ 'x-engram-project': 'global' }, 'project:x')).toEqual({ scope: 'global' });
    expect(sessionScopeFromHeaders({}, 'project:x')).toEqual({ scope: 'project:x' });
    expect(sessionScopeFromHeaders({ 'x-engram-project': '  ' }, undefined)).toEqual({ scope: undefined });
  });

  it('refuses a malformed project instead of writing elsewhere', () => {
    expect(sessionScopeFromHeaders({ 'x-engram-project': 'two words' }, undefined)).toEqual({ problem: expect.stringMatching(/^X-Engram-Project must be/) });
    expect(sessionScopeFromHeaders({ 'x-engram-project': 'team:x' }, undefined)).toHaveProperty('problem');
  });

  it('issue 37 project names: refuses ../etc, slashes, backslashes, dot names and control characters', () => {
    for (const value of ['../etc', 'project:../etc', '..', 'project:.', 'a/b', 'agent:a\\b', 'a\u0000b']) {
      expect(sessionScopeFromHeaders({ 'x-engram-project': value }, undefined)).toEqual({ problem: expect.stringMatching(/^X-Engram-Project must be .*not "\." or "\.\."/) });
    }
    for (const value of ['acme-shop', 'my.repo', 'project:v1.2_x', 'agent:bot', 'Ærø']) {
      expect(sessionScopeFromHeaders({ 'x-engram-project': value }, undefined)).toEqual({ scope: scopeOfProjectValue(value) });
    }
    expect(() => defaultSessionScope('http', '../etc', {}, '/')).toThrow(/--project \/ ENGRAM_PROJECT must be/);
  });

  it('reads a bare name as a project, keeps full scopes and global', () => {
    expect(scopeOfProjectValue('acme')).toBe('project:acme');
    expect(scopeOfProjectValue('project:acme')).toBe('project:acme');
    expect(scopeOfProjectValue('global')).toBe('global');
  });
});
