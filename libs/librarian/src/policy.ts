import { scopeMatches, type TypeRegistry } from '@engram/memory';
import type { RedactionRules } from './secret-scanner.js';
import type { WriteOperation } from './write-request.js';

/** What a policy rule does with a matching request. */
export type PolicyAction = 'auto' | 'queue' | 'reject';

/** Conditions of a rule; every given condition must hold. `impact: none` matches an absent metadata.impact. */
export interface RuleMatch {
  op?: WriteOperation[];
  type?: string[];
  impact?: string[];
  actorKind?: string[];
  scope?: string[];
  /** true: only requests flagged by Layer 2 (near duplicate, possible conflict); false: only unflagged. */
  flagged?: boolean;
}

/** A named rule; the first matching rule decides, and its name is recorded in the audit. */
export interface PolicyRule {
  name: string;
  match: RuleMatch;
  action: PolicyAction;
}

/** The librarian policy (`.engram/librarian-policy.yaml`). */
export interface GatePolicy {
  rules: PolicyRule[];
  /** When no rule matches: `type` uses the type registry's gate policy (auto/review). */
  default: 'type' | 'auto' | 'queue';
  nearDuplicate: { threshold: number; action: 'queue' | 'noop' | 'update' };
  redaction: RedactionRules;
}

/** Facts about a request the policy can match on. */
export interface PolicyContext {
  op: WriteOperation;
  /** The record's type; for supersede both the old and the replacement type. */
  types: string[];
  /** metadata.impact of the new content, if any. */
  impact: string | undefined;
  actorKind: string;
  scopes: string[];
  flags: string[];
}

/** The policy's verdict and the rule (or fallback) that produced it. */
export interface PolicyVerdict {
  action: PolicyAction;
  policyMatched: string;
}

/** seed 000 FR-05 approval rules. Absent `impact` on a decision counts as low. */
export const DEFAULT_POLICY: GatePolicy = {
  rules: [
    { name: 'review-flagged', match: { flagged: true }, action: 'queue' },
    { name: 'review-promote-to-global', match: { op: ['promote'] }, action: 'queue' },
    { name: 'review-belief-changes', match: { op: ['create', 'update', 'supersede'], type: ['belief'] }, action: 'queue' },
    { name: 'review-high-impact-decisions', match: { op: ['create', 'supersede'], type: ['decision'], impact: ['high', 'critical'] }, action: 'queue' },
    { name: 'auto-low-impact-decisions', match: { op: ['create', 'update', 'supersede'], type: ['decision'], impact: ['low', 'none'] }, action: 'auto' },
    { name: 'review-other-decisions', match: { op: ['create', 'supersede'], type: ['decision'] }, action: 'queue' },
    { name: 'review-agent-forget', match: { op: ['forget'], actorKind: ['agent', 'tool'] }, action: 'queue' },
    { name: 'auto-lifecycle', match: { op: ['invalidate', 'archive', 'forget', 'reinforce'] }, action: 'auto' },
    { name: 'auto-import', match: { op: ['import'], actorKind: ['import', 'user'] }, action: 'auto' },
    { name: 'auto-low-risk-types', match: { type: ['episode', 'skill', 'fact', 'preference', 'context', 'task'] }, action: 'auto' },
  ],
  default: 'type',
  nearDuplicate: { threshold: 0.9, action: 'queue' },
  redaction: { secrets: 'reject', pii: 'redact' },
};

function matches(m: RuleMatch, ctx: PolicyContext): boolean {
  if (m.op && !m.op.includes(ctx.op)) return false;
  if (m.type && !ctx.types.some((t) => m.type?.includes(t))) return false;
  if (m.impact && !m.impact.includes(ctx.impact ?? 'none')) return false;
  if (m.actorKind && !m.actorKind.includes(ctx.actorKind)) return false;
  if (m.scope && !ctx.scopes.some((s) => m.scope?.some((p) => scopeMatches(p, s)))) return false;
  if (m.flagged !== undefined && m.flagged !== ctx.flags.length > 0) return false;
  return true;
}

/** First matching rule wins; otherwise the policy default (or the type registry's gate policy). */
export function evaluatePolicy(policy: GatePolicy, ctx: PolicyContext, registry: TypeRegistry): PolicyVerdict {
  const rule = policy.rules.find((r) => matches(r.match, ctx));
  if (rule) return { action: rule.action, policyMatched: rule.name };
  if (policy.default !== 'type') return { action: policy.default, policyMatched: `default:${policy.default}` };
  const reviewed = ctx.types.some((t) => !registry.has(t) || registry.get(t).gatePolicy === 'review');
  return { action: reviewed ? 'queue' : 'auto', policyMatched: `type-default:${ctx.types.join('+')}` };
}
