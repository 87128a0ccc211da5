import { InvalidInputError } from '@engram/agents';
import { identifierSecretKind, identifierSecretMessage, inputProblem, redactValueInTurns } from '@engram/memory';

/*
 * The one screen every tool's arguments pass before its handler (issue 36):
 * 1. text that cannot be stored (NUL, a lone surrogate) and JSON too deep or too large is refused
 *    by name, with the path, for every field of every tool (prd_event's detail, prd_decision's
 *    reason and start_thinking's metadata answered INTERNAL_ERROR: T3-23);
 * 2. an identifier holding a secret is refused (T3-20): ids, names and scopes are stored and
 *    matched as given (`project:ghp_…` became a scope), so they are never redacted;
 * 3. the free text of a tool that writes without the gate (conversation events, PRD tracking,
 *    thinking chains, feedback) is redacted, secrets and personal data alike, at any depth. The
 *    gated tools' text goes to the gate, whose policy may refuse it instead (same scanner).
 */

/** Argument names whose values identify something (strings, or lists of them), at any level of the arguments. */
const IDENTIFIERS = new Set([
  'id', 'ids', 'scope', 'scopes', 'project', 'agent', 'agent_id', 'session_id', 'event_id', 'prd_id', 'prd_ref', 'ref',
  'requirement_id', 'chain_id', 'thinking_chain_id', 'node_id', 'grip_id', 'replacement_id', 'branch_id', 'role', 'memory_id',
  'memory_ids', 'parent_id', 'prd_hash',
]);
/** Free-form JSON maps: every key and value inside is text. */
const FREE_FORM = new Set(['metadata', 'detail']);

/** What the screen needs to know of a tool. */
export interface ScreenedTool {
  readOnly: boolean;
  uses: string;
}

/** Throws for the first identifier that holds a secret, naming the argument (never the secret). */
function refuseSecretIdentifiers(value: unknown, key: string | undefined, path: string): void {
  if (typeof value === 'string') {
    if (key === undefined || !IDENTIFIERS.has(key)) return;
    const kind = identifierSecretKind(value);
    if (kind) throw new InvalidInputError(identifierSecretMessage(path, kind));
    return;
  }
  if (Array.isArray(value)) return value.forEach((v, i) => refuseSecretIdentifiers(v, key, `${path}[${i}]`));
  if (!value || typeof value !== 'object' || (key !== undefined && FREE_FORM.has(key))) return;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) refuseSecretIdentifiers(v, k, path ? `${path}.${k}` : k);
}

/** The arguments with every non-identifier string (and free-form map) redacted, in turns of the event loop. */
async function redactFreeText(value: unknown, key: string | undefined): Promise<unknown> {
  if (typeof value === 'string') return key !== undefined && IDENTIFIERS.has(key) ? value : redactValueInTurns(value, ['secret', 'pii']);
  if (key !== undefined && FREE_FORM.has(key)) return redactValueInTurns(value, ['secret', 'pii'], [], { free: true });
  if (Array.isArray(value)) return Promise.all(value.map((v) => redactFreeText(v, key)));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = await redactFreeText(v, k);
  return out;
}

/** Checks a tool's arguments (1, 2) and returns them as the handler gets them (3). */
export async function screenArguments<A>(tool: ScreenedTool, args: A): Promise<A> {
  const problem = inputProblem(args);
  if (problem) throw new InvalidInputError(`the arguments cannot be stored: ${problem.replace(/^\$\.?/, '') || 'the input'}`);
  refuseSecretIdentifiers(args, undefined, '');
  const writesWithoutGate = !tool.readOnly && tool.uses !== 'memory';
  return writesWithoutGate ? ((await redactFreeText(args, undefined)) as A) : args;
}
