import { resolveReadScopes, resolveWriteScope } from './scope-context.js';

describe('scope resolution', () => {
  it('defaults writes to the session scope, then global', () => {
    expect(resolveWriteScope(undefined, { actor: 'a', scope: 'project:acme' })).toBe('project:acme');
    expect(resolveWriteScope(undefined, { actor: 'a' })).toBe('global');
    expect(resolveWriteScope('agent:x', { actor: 'a', scope: 'project:acme' })).toBe('agent:x');
  });

  it('reads see global plus the requested scope, never other projects', () => {
    expect(resolveReadScopes(undefined, { actor: 'a', scope: 'project:acme' })).toEqual(['global', 'project:acme']);
    expect(resolveReadScopes(undefined, { actor: 'a' })).toEqual(['global']);
  });

  it('an operator naming no scope reads every listed scope (plus global); agents cannot use the list', () => {
    expect(resolveReadScopes(undefined, { actor: 'cli', admin: true, operatorScopes: ['project:a', 'agent:b'] })).toEqual(['global', 'project:a', 'agent:b']);
    expect(resolveReadScopes('project:a', { actor: 'cli', admin: true, operatorScopes: ['project:a', 'agent:b'] })).toEqual(['global', 'project:a']);
    expect(resolveReadScopes(undefined, { actor: 'mcp', scope: 'project:a', operatorScopes: ['project:z'] })).toEqual(['global', 'project:a']);
  });

  it('rejects malformed scopes with INVALID_INPUT', () => {
    expect(() => resolveWriteScope('team:x', { actor: 'a' })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });
});
