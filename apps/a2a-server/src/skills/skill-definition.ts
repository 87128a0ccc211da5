import type { CallContext, Capability, UseCases } from '@engram/agents';
import { z } from 'zod';
import type { SkillCall } from './skill-call.js';

/** What a skill answers: a summary (text part), structured results (data part), maybe a JSON artifact. */
export interface SkillResult {
  summary: string;
  data: Record<string, unknown>;
  artifact?: { name: string; description: string; data: unknown };
}

/** The A2A protocol version the caller speaks: 1.x or the legacy 0.3 (no A2A-Version header, or 0.x). */
export type Protocol = '1.0' | '0.3';

export function protocolOf(requestedVersion: string | undefined): Protocol {
  return requestedVersion === undefined || requestedVersion.trim() === '' || requestedVersion.trim().startsWith('0.') ? '0.3' : '1.0';
}

/** What a skill runs with: the use cases of the one capability it declared (ADR-0037), and the caller's protocol. */
export interface SkillDeps<C extends Capability = Capability> {
  service: UseCases[C];
  ctx: CallContext;
  protocol: Protocol;
}

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/**
 * The keys of a skill's own data-part object in the caller's protocol (issue 37): camelCase for
 * v1.0 (its JSON serialisation rule, TCK DM-SERIAL-001), snake_case for v0.3 as docs/api.md names
 * them. Flat: only the object's own keys change, never the keys of values inside (a memory's
 * metadata is the caller's data).
 */
export function wireKeys(fields: Record<string, unknown>, protocol: Protocol): Record<string, unknown> {
  if (protocol === '0.3') return fields;
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [camel(key), value]));
}

/** One A2A skill: its card entry, its strict input schema, and what it runs. */
export interface SkillDefinition<S extends z.ZodType = z.ZodType, C extends Capability = Capability> {
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples: string[];
  input: S;
  /** The parameter a message's text fills when the data parts do not give it. */
  textParam: string;
  /** The one capability `run` uses. */
  uses: C;
  run(input: z.infer<S>, deps: SkillDeps<C>): Promise<SkillResult>;
}

export function defineSkill<S extends z.ZodType, C extends Capability>(skill: SkillDefinition<S, C>): SkillDefinition {
  return skill as unknown as SkillDefinition;
}

/**
 * A message that names no skill is plain content for the default skill (A2A peers send data parts
 * of their own shape, e.g. `{ key, number }` or v0.3 `{ type, content }`): the fields the skill
 * declares are its input, the other fields' values become text. A message that names its skill
 * is a call: an unknown field there is a mistake and is refused (issue 4's strict check).
 */
function lenientParams(skill: SkillDefinition, call: SkillCall): { params: Record<string, unknown>; text: string } {
  if (call.explicit || !(skill.input instanceof z.ZodObject)) return { params: { ...call.params }, text: call.text };
  const known = new Set(Object.keys(skill.input.shape as Record<string, unknown>));
  const params: Record<string, unknown> = {};
  const extra: string[] = [];
  for (const [key, value] of Object.entries(call.params)) {
    if (known.has(key) && key !== skill.textParam) params[key] = value;
    else extra.push(...leafText(value));
  }
  return { params, text: [call.text, ...extra].filter((t) => t.length > 0).join('\n') };
}

function leafText(value: unknown): string[] {
  if (typeof value === 'string') return [value.trim()];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(leafText);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(leafText);
  return [];
}

/** Validated skill input, or a message naming every problem (for a protocol error). */
export function parseSkillInput(skill: SkillDefinition, call: SkillCall): { ok: true; input: unknown } | { ok: false; message: string } {
  const { params, text } = lenientParams(skill, call);
  if (params[skill.textParam] === undefined && text) params[skill.textParam] = text;
  const parsed = skill.input.safeParse(params);
  if (parsed.success) return { ok: true, input: parsed.data };
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`);
  return { ok: false, message: `invalid input for skill "${skill.id}": ${problems.join('; ')}` };
}

export const scopeParam = z.string()
  .regex(/^(global|(project|agent):\S.{0,500})$/, 'scope must be global, project:<id> or agent:<id>')
  .optional()
  .describe('Scope: global, project:<id> or agent:<id>. Reads see global plus this scope; writes go here (default global).');

export const topKParam = z.number().int().min(1).max(50).default(10).describe('How many results at most (1-50).');
