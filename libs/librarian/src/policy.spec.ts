import { createTypeRegistry } from '@engram/memory';
import { InvalidPolicyError } from './errors.js';
import { DEFAULT_POLICY, evaluatePolicy, type PolicyContext } from './policy.js';
import { loadPolicy } from './policy-loader.js';

const registry = createTypeRegistry({ runbook: { memoryClass: 'procedural' } });
const ctx = (c: Partial<PolicyContext>): PolicyContext => ({ op: 'create', types: ['fact'], impact: undefined, actorKind: 'agent', scopes: ['project:x'], flags: [], ...c });
const verdict = (c: Partial<PolicyContext>) => evaluatePolicy(DEFAULT_POLICY, ctx(c), registry);

describe('default policy (seed 000 FR-05)', () => {
  it('auto-approves low-risk writes', () => {
    expect(verdict({ types: ['episode'] })).toEqual({ action: 'auto', policyMatched: 'auto-low-risk-types' });
    expect(verdict({ types: ['skill'], op: 'update' })).toEqual({ action: 'auto', policyMatched: 'auto-low-risk-types' });
    expect(verdict({ types: ['decision'], impact: 'low' })).toEqual({ action: 'auto', policyMatched: 'auto-low-impact-decisions' });
    expect(verdict({ types: ['decision'] }).action).toBe('auto');
  });

  it('queues high-risk writes', () => {
    expect(verdict({ types: ['belief'] })).toEqual({ action: 'queue', policyMatched: 'review-belief-changes' });
    expect(verdict({ types: ['fact', 'belief'], op: 'supersede' })).toEqual({ action: 'queue', policyMatched: 'review-belief-changes' });
    expect(verdict({ types: ['decision'], impact: 'critical' })).toEqual({ action: 'queue', policyMatched: 'review-high-impact-decisions' });
    // The whole verdict, action included: a rule that matched but auto-approved would slip through a name-only check.
    expect(verdict({ types: ['decision'], impact: 'medium' })).toEqual({ action: 'queue', policyMatched: 'review-other-decisions' });
    expect(verdict({ op: 'promote' })).toEqual({ action: 'queue', policyMatched: 'review-promote-to-global' });
    expect(verdict({ types: ['episode'], flags: ['near_duplicate'] })).toEqual({ action: 'queue', policyMatched: 'review-flagged' });
    expect(verdict({ types: ['episode'], flags: ['possible_conflict'] })).toEqual({ action: 'queue', policyMatched: 'review-flagged' });
    expect(verdict({ op: 'forget', actorKind: 'agent' })).toEqual({ action: 'queue', policyMatched: 'review-agent-forget' });
    expect(verdict({ op: 'forget', actorKind: 'user' })).toEqual({ action: 'auto', policyMatched: 'auto-lifecycle' });
  });

  it('falls back to the type registry for custom types', () => {
    expect(verdict({ types: ['runbook'] })).toEqual({ action: 'queue', policyMatched: 'type-default:runbook' });
  });
});

describe('loadPolicy', () => {
  it('reads YAML rules, scalars as one-item lists, and keeps defaults for missing sections', async () => {
    const p = await loadPolicy({ yaml: 'rules:\n  - name: all-auto\n    match: { actor_kind: user }\n    action: auto\ndefault: queue\n' });
    expect(p.rules).toEqual([{ name: 'all-auto', match: { actorKind: ['user'] }, action: 'auto' }]);
    expect(p.default).toBe('queue');
    expect(p.redaction).toEqual(DEFAULT_POLICY.redaction);
    expect(evaluatePolicy(p, ctx({ types: ['belief'], actorKind: 'user' }), registry).action).toBe('auto');
    expect(await loadPolicy({})).toBe(DEFAULT_POLICY);
  });

  it('rejects unknown keys, bad values and bad YAML with a clear error', async () => {
    await expect(loadPolicy({ yaml: 'rulez: []' })).rejects.toThrow(/rulez/);
    await expect(loadPolicy({ yaml: 'rules:\n  - name: x\n    match: { colour: red }\n    action: auto' })).rejects.toThrow(InvalidPolicyError);
    await expect(loadPolicy({ yaml: 'redaction: { secrets: allow }' })).rejects.toThrow(/redaction.secrets/);
    await expect(loadPolicy({ yaml: 'rules: [' })).rejects.toThrow(/not valid YAML/);
    await expect(loadPolicy({ path: '/nonexistent/policy.yaml' })).rejects.toThrow(InvalidPolicyError);
  });
});
