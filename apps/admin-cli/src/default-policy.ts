import { DEFAULT_POLICY, type GatePolicy } from '@engram/librarian';
import { stringify } from 'yaml';

/** The librarian policy file format (snake_case keys) for a policy object. */
function toFileShape(p: GatePolicy): Record<string, unknown> {
  return {
    version: 1,
    default: p.default,
    near_duplicate: p.nearDuplicate,
    redaction: p.redaction,
    rules: p.rules.map(({ name, action, match: { actorKind, ...m } }) => ({
      name,
      match: { ...m, ...(actorKind ? { actor_kind: actorKind } : {}) },
      action,
    })),
  };
}

/** The default policy (seed 000 FR-05 rules) as the YAML `engram init` writes; edit it to change the gate. */
export function defaultPolicyYaml(): string {
  return [
    '# engram librarian policy: the first matching rule decides (auto | queue | reject).',
    '# default: type = use the memory type\'s own gate policy when no rule matches.',
    stringify(toFileShape(DEFAULT_POLICY)),
  ].join('\n');
}
