import { contextOf, rejectWith } from './decision-context.js';
import type { WriteRequest } from './write-request.js';

/* The facts the policy matches on (issue 22): built once per decision by Layer 2. */

const request: WriteRequest = { op: 'archive', id: '00000000-0000-4000-8000-000000000001' };

describe('contextOf', () => {
  it('lists each type and scope once, with the actor kind and the flags', () => {
    expect(contextOf(request, { id: 'a', kind: 'agent' }, ['fact', 'fact', 'belief'], ['project:p', 'project:p'], undefined, ['near_duplicate'])).toEqual({
      op: 'archive', types: ['fact', 'belief'], scopes: ['project:p'], flags: ['near_duplicate'], actorKind: 'agent', impact: undefined,
    });
  });

  it('matches impact case-insensitively and ignores a non-text impact', () => {
    expect(contextOf(request, { id: 'u', kind: 'user' }, [], [], 'HIGH', []).impact).toBe('high');
    expect(contextOf(request, { id: 'u', kind: 'user' }, [], [], 3, []).impact).toBeUndefined();
  });
});

describe('rejectWith', () => {
  it('is a REJECT with its code and reason, no flags, and the target only when there is one', () => {
    const context = contextOf(request, { id: 'u', kind: 'user' }, [], [], undefined, []);
    const r = rejectWith('INVALID_STATE', 'it is archived', request, context);
    expect(r).toEqual({ decision: 'REJECT', code: 'INVALID_STATE', reason: 'it is archived', request, flags: [], context });
    expect('target' in r).toBe(false);
  });
});
