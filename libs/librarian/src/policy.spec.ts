import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTypeRegistry } from '@engram/memory';
import { InvalidPolicyError } from './errors.js';
import { DEFAULT_POLICY, evaluatePolicy, type PolicyContext } from './policy.js';
import { loadPolicy, policyFromObject } from './policy-loader.js';

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

  it('names every operation, type, impact and actor kind each default rule lists', () => {
    const rule = (c: Partial<PolicyContext>) => verdict(c).policyMatched;
    for (const op of ['create', 'update', 'supersede'] as const) expect(rule({ op, types: ['belief'] })).toBe('review-belief-changes');
    for (const op of ['create', 'supersede'] as const) {
      for (const impact of ['high', 'critical']) expect(verdict({ op, types: ['decision'], impact })).toEqual({ action: 'queue', policyMatched: 'review-high-impact-decisions' });
    }
    for (const op of ['create', 'update', 'supersede'] as const) {
      for (const impact of ['low', 'none', undefined]) expect(verdict({ op, types: ['decision'], impact })).toEqual({ action: 'auto', policyMatched: 'auto-low-impact-decisions' });
    }
    expect(verdict({ op: 'supersede', types: ['decision'], impact: 'medium' })).toEqual({ action: 'queue', policyMatched: 'review-other-decisions' });
    for (const actorKind of ['agent', 'tool'] as const) expect(verdict({ op: 'forget', actorKind })).toEqual({ action: 'queue', policyMatched: 'review-agent-forget' });
    for (const op of ['invalidate', 'archive', 'forget', 'reinforce'] as const) {
      expect(verdict({ op, types: ['belief'], actorKind: 'user' })).toEqual({ action: 'auto', policyMatched: 'auto-lifecycle' });
    }
    for (const actorKind of ['import', 'user'] as const) expect(verdict({ op: 'import', types: ['belief'], actorKind })).toEqual({ action: 'auto', policyMatched: 'auto-import' });
    expect(verdict({ op: 'import', types: ['belief'], actorKind: 'agent' })).toEqual({ action: 'queue', policyMatched: 'type-default:belief' });
    for (const type of ['episode', 'skill', 'fact', 'preference', 'context', 'task']) expect(verdict({ types: [type] })).toEqual({ action: 'auto', policyMatched: 'auto-low-risk-types' });
  });

  it('by default queues a near duplicate from 0.9 Jaccard, rejects secrets and redacts personal data', () => {
    expect(DEFAULT_POLICY.nearDuplicate).toEqual({ threshold: 0.9, action: 'queue' });
    expect(DEFAULT_POLICY.redaction).toEqual({ secrets: 'reject', pii: 'redact' });
    expect(DEFAULT_POLICY.default).toBe('type');
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

describe('policyFromObject', () => {
  it('keeps the default rules when the file gives none, and an explicit empty list as empty', () => {
    expect(policyFromObject({ default: 'auto' }).rules).toBe(DEFAULT_POLICY.rules);
    expect(policyFromObject({ rules: [] }).rules).toEqual([]);
    expect(policyFromObject(null)).toEqual(DEFAULT_POLICY);
  });

  it('merges the near-duplicate and redaction sections key by key', () => {
    const p = policyFromObject({ near_duplicate: { action: 'noop' }, redaction: { pii: 'allow' } });
    expect(p.nearDuplicate).toEqual({ threshold: DEFAULT_POLICY.nearDuplicate.threshold, action: 'noop' });
    expect(p.redaction).toEqual({ secrets: DEFAULT_POLICY.redaction.secrets, pii: 'allow' });
    expect(policyFromObject({ near_duplicate: { threshold: 1 } }).nearDuplicate.threshold).toBe(1);
  });

  it('refuses a threshold outside (0, 1] and names the path', () => {
    expect(() => policyFromObject({ near_duplicate: { threshold: 0 } })).toThrow('invalid librarian policy: near_duplicate.threshold: ');
    expect(() => policyFromObject({ near_duplicate: { threshold: 1.1 } })).toThrow(InvalidPolicyError);
  });

  it('accepts every value each setting documents, and nothing beside them', () => {
    const ruleWith = (match: Record<string, unknown>) => policyFromObject({ rules: [{ name: 'r', match, action: 'auto' }] }).rules[0]?.match;
    for (const op of ['create', 'update', 'supersede', 'invalidate', 'archive', 'forget', 'reinforce', 'promote', 'import']) expect(ruleWith({ op })).toEqual({ op: [op] });
    for (const kind of ['user', 'agent', 'tool', 'import']) expect(ruleWith({ actor_kind: kind })).toEqual({ actorKind: [kind] });
    for (const action of ['auto', 'queue', 'reject']) expect(policyFromObject({ rules: [{ name: 'r', match: {}, action }] }).rules[0]?.action).toBe(action);
    for (const d of ['type', 'auto', 'queue']) expect(policyFromObject({ default: d }).default).toBe(d);
    for (const action of ['queue', 'noop', 'update']) expect(policyFromObject({ near_duplicate: { action } }).nearDuplicate.action).toBe(action);
    for (const secrets of ['reject', 'redact']) expect(policyFromObject({ redaction: { secrets } }).redaction.secrets).toBe(secrets);
    for (const pii of ['reject', 'redact', 'allow']) expect(policyFromObject({ redaction: { pii } }).redaction.pii).toBe(pii);
    expect(policyFromObject({ version: 1 }).rules).toBe(DEFAULT_POLICY.rules);
    for (const bad of [{ version: 2 }, { default: 'reject' }, { rules: [{ name: 'r', match: { op: 'delete' }, action: 'auto' }] }, { rules: [{ name: 'r', match: { actor_kind: 'robot' }, action: 'auto' }] }]) {
      expect(() => policyFromObject(bad)).toThrow(InvalidPolicyError);
    }
  });

  it('names the root for a policy that is not an object', () => {
    expect(() => policyFromObject('auto')).toThrow(/^invalid librarian policy: \(root\): /);
  });

  it('refuses two rules of the same name: the audit names the rule that decided', () => {
    const rule = { name: 'r', match: {}, action: 'auto' };
    expect(() => policyFromObject({ rules: [rule, { ...rule, action: 'queue' }] })).toThrow('invalid librarian policy: duplicate rule name "r"');
  });

  it('reads every match condition, lists or one value', () => {
    const p = policyFromObject({ rules: [{ name: 'r', action: 'reject', match: { op: 'forget', type: ['fact', 'belief'], impact: 'high', scope: 'project:*', flagged: false } }] });
    expect(p.rules).toEqual([{ name: 'r', action: 'reject', match: { op: ['forget'], type: ['fact', 'belief'], impact: ['high'], scope: ['project:*'], flagged: false } }]);
    expect(() => policyFromObject({ rules: [{ name: 'r', action: 'auto', match: { op: 'delete' } }] })).toThrow(/rules.0.match.op/);
    expect(() => policyFromObject({ rules: [{ name: '', action: 'auto', match: {} }] })).toThrow(InvalidPolicyError);
    expect(() => policyFromObject({ version: 2 })).toThrow(/version/);
    expect(policyFromObject({ version: 1 })).toEqual(DEFAULT_POLICY);
  });
});

describe('loadPolicy from a file', () => {
  it('reads the file, and names the path when it cannot', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-policy-'));
    const path = join(dir, 'librarian-policy.yaml');
    await writeFile(path, 'default: queue\n');
    expect((await loadPolicy({ path })).default).toBe('queue');
    await expect(loadPolicy({ path: join(dir, 'missing.yaml') })).rejects.toThrow(`cannot read librarian policy ${join(dir, 'missing.yaml')}: `);
    // Given text wins over a path.
    expect((await loadPolicy({ path, yaml: 'default: auto' })).default).toBe('auto');
    await rm(dir, { recursive: true });
  });
});
