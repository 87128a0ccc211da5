import { createTypeRegistry } from '@engram/memory';
import { DEFAULT_POLICY, evaluatePolicy, type GatePolicy, type PolicyContext, type RuleMatch } from './policy.js';

// Each rule condition on its own (issue 22: a mutant of any one condition must change a verdict).
const registry = createTypeRegistry({ runbook: { memoryClass: 'procedural' } });
const ctx = (c: Partial<PolicyContext> = {}): PolicyContext => ({ op: 'create', types: ['fact'], impact: undefined, actorKind: 'agent', scopes: ['project:x'], flags: [], ...c });
const only = (match: RuleMatch, rest: Partial<GatePolicy> = {}): GatePolicy => ({ ...DEFAULT_POLICY, rules: [{ name: 'r', match, action: 'reject' }], default: 'auto', ...rest });
const hits = (match: RuleMatch, c: Partial<PolicyContext>) => evaluatePolicy(only(match), ctx(c), registry).policyMatched === 'r';

describe('rule conditions', () => {
  it('an empty match matches everything', () => {
    expect(evaluatePolicy(only({}), ctx(), registry)).toEqual({ action: 'reject', policyMatched: 'r' });
  });

  it('op, type and actor kind must be listed', () => {
    expect(hits({ op: ['update'] }, { op: 'update' })).toBe(true);
    expect(hits({ op: ['update'] }, { op: 'create' })).toBe(false);
    expect(hits({ type: ['belief'] }, { types: ['fact', 'belief'] })).toBe(true);
    expect(hits({ type: ['belief'] }, { types: ['fact'] })).toBe(false);
    expect(hits({ actorKind: ['user'] }, { actorKind: 'user' })).toBe(true);
    expect(hits({ actorKind: ['user'] }, { actorKind: 'agent' })).toBe(false);
  });

  it('impact none matches a request without metadata.impact', () => {
    expect(hits({ impact: ['none'] }, { impact: undefined })).toBe(true);
    expect(hits({ impact: ['none'] }, { impact: 'low' })).toBe(false);
    expect(hits({ impact: ['high'] }, { impact: 'high' })).toBe(true);
    expect(hits({ impact: ['high'] }, { impact: undefined })).toBe(false);
  });

  it('scope patterns match any of the request scopes', () => {
    expect(hits({ scope: ['project:*'] }, { scopes: ['global', 'project:a'] })).toBe(true);
    expect(hits({ scope: ['global'] }, { scopes: ['project:a'] })).toBe(false);
    expect(hits({ scope: ['agent:*', 'project:x'] }, { scopes: ['project:x'] })).toBe(true);
  });

  it('flagged true needs a flag, flagged false needs none', () => {
    expect(hits({ flagged: true }, { flags: ['possible_conflict'] })).toBe(true);
    expect(hits({ flagged: true }, { flags: [] })).toBe(false);
    expect(hits({ flagged: false }, { flags: [] })).toBe(true);
    expect(hits({ flagged: false }, { flags: ['near_duplicate'] })).toBe(false);
  });

  it('every given condition must hold', () => {
    expect(hits({ op: ['create'], type: ['fact'], actorKind: ['agent'] }, {})).toBe(true);
    expect(hits({ op: ['create'], type: ['fact'], actorKind: ['user'] }, {})).toBe(false);
  });

  it('the first matching rule decides', () => {
    const policy: GatePolicy = { ...DEFAULT_POLICY, rules: [{ name: 'a', match: { type: ['fact'] }, action: 'queue' }, { name: 'b', match: {}, action: 'auto' }] };
    expect(evaluatePolicy(policy, ctx(), registry)).toEqual({ action: 'queue', policyMatched: 'a' });
    expect(evaluatePolicy(policy, ctx({ types: ['episode'] }), registry)).toEqual({ action: 'auto', policyMatched: 'b' });
  });
});

describe('when no rule matches', () => {
  const none: RuleMatch = { op: ['import'] };

  it('a fixed default decides and is named', () => {
    expect(evaluatePolicy(only(none, { default: 'queue' }), ctx(), registry)).toEqual({ action: 'queue', policyMatched: 'default:queue' });
    expect(evaluatePolicy(only(none, { default: 'auto' }), ctx(), registry)).toEqual({ action: 'auto', policyMatched: 'default:auto' });
  });

  it('the type default queues if any type is reviewed or unknown', () => {
    const byType = only(none, { default: 'type' });
    expect(evaluatePolicy(byType, ctx({ types: ['fact', 'episode'] }), registry)).toEqual({ action: 'auto', policyMatched: 'type-default:fact+episode' });
    expect(evaluatePolicy(byType, ctx({ types: ['fact', 'belief'] }), registry)).toEqual({ action: 'queue', policyMatched: 'type-default:fact+belief' });
    expect(evaluatePolicy(byType, ctx({ types: ['fact', 'no-such-type'] }), registry)).toEqual({ action: 'queue', policyMatched: 'type-default:fact+no-such-type' });
  });
});
