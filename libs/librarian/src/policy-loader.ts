import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { z } from 'zod';
import { InvalidPolicyError } from './errors.js';
import { DEFAULT_POLICY, type GatePolicy } from './policy.js';

const ops = z.enum(['create', 'update', 'supersede', 'invalidate', 'archive', 'forget', 'reinforce', 'promote', 'import']);
const list = <T extends z.ZodType>(item: T) => z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]));

const ruleSchema = z.strictObject({
  name: z.string().min(1),
  match: z.strictObject({
    op: list(ops).optional(),
    type: list(z.string().min(1)).optional(),
    impact: list(z.string().min(1)).optional(),
    actor_kind: list(z.enum(['user', 'agent', 'tool', 'import'])).optional(),
    scope: list(z.string().min(1)).optional(),
    flagged: z.boolean().optional(),
  }),
  action: z.enum(['auto', 'queue', 'reject']),
});

const policySchema = z.strictObject({
  version: z.literal(1).optional(),
  rules: z.array(ruleSchema).optional(),
  default: z.enum(['type', 'auto', 'queue']).optional(),
  near_duplicate: z.strictObject({ threshold: z.number().gt(0).max(1).optional(), action: z.enum(['queue', 'noop', 'update']).optional() }).optional(),
  redaction: z.strictObject({ secrets: z.enum(['reject', 'redact']).optional(), pii: z.enum(['reject', 'redact', 'allow']).optional() }).optional(),
});

/** Builds a policy from parsed YAML/JSON; missing sections keep the seed 000 defaults. */
export function policyFromObject(raw: unknown): GatePolicy {
  const parsed = policySchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new InvalidPolicyError(`invalid librarian policy: ${issues}`);
  }
  const p = parsed.data;
  const names = new Set<string>();
  for (const r of p.rules ?? []) {
    if (names.has(r.name)) throw new InvalidPolicyError(`invalid librarian policy: duplicate rule name "${r.name}"`);
    names.add(r.name);
  }
  return {
    rules: p.rules
      ? p.rules.map(({ name, action, match: { actor_kind, ...m } }) => ({ name, action, match: { ...m, ...(actor_kind ? { actorKind: actor_kind } : {}) } }))
      : DEFAULT_POLICY.rules,
    default: p.default ?? DEFAULT_POLICY.default,
    nearDuplicate: { ...DEFAULT_POLICY.nearDuplicate, ...p.near_duplicate },
    redaction: { ...DEFAULT_POLICY.redaction, ...p.redaction },
  };
}

/**
 * Loads the librarian policy from YAML text or a file. Unknown keys and bad values are an
 * InvalidPolicyError naming the offending path. With neither source, the defaults apply.
 */
export async function loadPolicy(source: { path?: string; yaml?: string } = {}): Promise<GatePolicy> {
  let text = source.yaml;
  if (text === undefined && source.path !== undefined) {
    try {
      text = await readFile(source.path, 'utf8');
    } catch (err) {
      throw new InvalidPolicyError(`cannot read librarian policy ${source.path}: ${(err as Error).message}`);
    }
  }
  if (text === undefined) return DEFAULT_POLICY;
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (err) {
    throw new InvalidPolicyError(`librarian policy is not valid YAML: ${(err as Error).message}`);
  }
  return policyFromObject(raw);
}
