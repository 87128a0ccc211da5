import { actorMayWrite, firstDeniedScope, type Actor } from './actor.js';

/* Which scopes an actor may write (issue 22): the gate's scope check reads these. */

describe('actor scopes', () => {
  it('lets an actor without a scope list write anywhere', () => {
    const user: Actor = { id: 'u', kind: 'user' };
    expect(actorMayWrite(user, 'global')).toBe(true);
    expect(firstDeniedScope(user, ['project:a', 'global'])).toBeUndefined();
  });

  it('limits an actor to its scope patterns, and names the first scope it may not write', () => {
    const agent: Actor = { id: 'a', kind: 'agent', allowedScopes: ['project:a*', 'agent:a'] };
    expect(actorMayWrite(agent, 'project:abc')).toBe(true);
    expect(actorMayWrite(agent, 'agent:a')).toBe(true);
    expect(actorMayWrite(agent, 'global')).toBe(false);
    expect(firstDeniedScope(agent, ['project:a', 'project:b', 'global'])).toBe('project:b');
    expect(firstDeniedScope(agent, ['project:a'])).toBeUndefined();
  });

  it('lets an actor with an empty scope list write nowhere', () => {
    expect(actorMayWrite({ id: 'n', kind: 'tool', allowedScopes: [] }, 'project:a')).toBe(false);
  });
});
