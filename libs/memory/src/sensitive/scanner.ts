import { runInTurns, runNow, type Steps } from '../turns.js';
import { DETECTORS, SECRET_KEY_NAMES, type DetectionClass } from './detectors.js';

export type { DetectionClass } from './detectors.js';

/** One finding: its kind and class, never the sensitive text itself. */
export interface Detection {
  kind: string;
  class: DetectionClass;
}

/** What to do with each class of finding. `allow` keeps PII as is. */
export interface RedactionRules {
  secrets: 'reject' | 'redact';
  pii: 'reject' | 'redact' | 'allow';
}

// Zero-width and other invisible characters: "ghp_<ZWSP>abc…" must not hide a token.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;
const NOT_ASCII = /[^\t\n\r\u0020-\u007E]/;
// A token broken over lines (issue 36 T3-21): its known prefix where a token starts (so "ghp_ghp_…"
// is one start, not one per repeat: linear), then a line break inside it.
const SPLIT_TOKEN = /(?<![A-Za-z0-9_.-])((?:gh[pousr]_|github_pat_|sk-(?:ant-|proj-)?|[sr]k_(?:live|test)_|xox[abprs]-|AIza|npm_|AKIA|ASIA|eyJ)[A-Za-z0-9_.-]*)[ \t]*\r?\n[ \t]*(?=[A-Za-z0-9_-])/g;

/**
 * The text as a reader sees it: invisible characters dropped, compatibility forms folded (NFKC:
 * the fullwidth "ghp＿" is "ghp_", issue 36 T3-21) and a token's line breaks joined.
 */
function visibleForm(text: string): string {
  let out = text.replace(INVISIBLE, '');
  if (NOT_ASCII.test(out)) out = out.normalize('NFKC');
  for (let pass = 0; pass < 8; pass++) {
    const joined = out.replace(SPLIT_TOKEN, '$1');
    if (joined === out) break;
    out = joined;
  }
  return out;
}

// One detector's pass over a text is one step (see turns.ts): a long text yields between detectors.
function* redactVisible(text: string, classes: readonly DetectionClass[], found: Detection[]): Steps<string> {
  let out = text;
  for (const d of DETECTORS) {
    yield;
    if (!classes.includes(d.class)) continue;
    out = out.replace(d.pattern, (match: string, ...rest: unknown[]) => {
      const groups = rest.slice(0, -2).map((g) => (typeof g === 'string' ? g : ''));
      const offset = rest[rest.length - 2] as number;
      if (d.valid && !d.valid(match, groups, text, { offset, current: out })) return match;
      found.push({ kind: d.kind, class: d.class });
      const secret = d.group ? (groups[d.group - 1] || match) : match;
      return match.replace(secret, `[REDACTED:${d.kind}]`);
    });
  }
  return out;
}

/**
 * Replaces sensitive spans with `[REDACTED:<kind>]`; `classes` limits which detectors apply.
 * The text is scanned as written and in its visible form ({@link visibleForm}); the visible form
 * is returned only when it reveals more (a zero-width joiner inside an emoji is not an attack).
 */
export function redactText(text: string, classes: readonly DetectionClass[], found: Detection[] = []): string {
  return runNow(redactTextSteps(text, classes, found));
}

function* redactTextSteps(text: string, classes: readonly DetectionClass[], found: Detection[]): Steps<string> {
  const direct: Detection[] = [];
  const out = yield* redactVisible(text, classes, direct);
  const shown = visibleForm(text);
  if (shown === text) {
    found.push(...direct);
    return out;
  }
  const visible: Detection[] = [];
  const stripped = yield* redactVisible(shown, classes, visible);
  if (visible.length > direct.length) {
    found.push(...visible);
    return stripped;
  }
  found.push(...direct);
  return out;
}

// Schema-checked identifiers and enums of a write request (uuids, registered types, scopes are
// checked by pattern): never free text. Inside metadata every key and every value is scanned.
const IDENTIFIER_KEYS = new Set(['id', 'scope', 'replacementId', 'supersededBy', 'op', 'type', 'status', 'trust', 'operation', 'target']);

/** Deeper than this, a JSON value is not walked (Layer 1 refuses such requests; ungated text is replaced). */
export const MAX_SCAN_DEPTH = 64;

interface Walk {
  classes: readonly DetectionClass[];
  found: Detection[];
}

function* walk(value: unknown, w: Walk, depth: number, free: boolean): Steps<unknown> {
  if (typeof value === 'string') return yield* redactTextSteps(value, w.classes, w.found);
  if (depth > MAX_SCAN_DEPTH) {
    w.found.push({ kind: 'too_deep', class: 'secret' });
    return '[REDACTED:too_deep]';
  }
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const v of value) items.push(yield* walk(v, w, depth + 1, free));
    return items;
  }
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const inner = free || k === 'metadata';
    if (!free && IDENTIFIER_KEYS.has(k) && typeof v === 'string') {
      out[k] = v;
      continue;
    }
    const key = free ? yield* redactTextSteps(k, w.classes, w.found) : k;
    if (free && SECRET_KEY_NAMES.test(k) && typeof v === 'string' && v.length >= 4 && w.classes.includes('secret')) {
      w.found.push({ kind: 'password', class: 'secret' });
      out[key] = '[REDACTED:password]';
      continue;
    }
    out[key] = yield* walk(v, w, depth + 1, inner);
  }
  return out;
}

/**
 * Applies `redactText` to every string of a JSON value. In a write request, the schema-checked
 * identifier fields are left alone; inside `metadata` (and in any value given with `free`), every
 * key and value at any depth is scanned, and a value under a credential key name is a secret.
 */
export function redactValue<T>(value: T, classes: readonly DetectionClass[], found: Detection[] = [], opts: { free?: boolean } = {}): T {
  return runNow(walk(value, { classes, found }, 0, opts.free ?? false)) as T;
}

/** {@link redactValue} that gives the event loop a turn between detector passes (a 256 KB text: issue 17). */
export async function redactValueInTurns<T>(value: T, classes: readonly DetectionClass[], found: Detection[] = [], opts: { free?: boolean } = {}): Promise<T> {
  return (await runInTurns(walk(value, { classes, found }, 0, opts.free ?? false))) as T;
}

/** Lists what a JSON value contains, without changing it. */
export function scanValue(value: unknown, opts: { free?: boolean } = {}): Detection[] {
  const found: Detection[] = [];
  redactValue(value, ['secret', 'pii'], found, opts);
  return found;
}

/** {@link scanValue} in turns of the event loop. */
export async function scanValueInTurns(value: unknown, opts: { free?: boolean } = {}): Promise<Detection[]> {
  const found: Detection[] = [];
  await redactValueInTurns(value, ['secret', 'pii'], found, opts);
  return found;
}

/**
 * Redaction for text stored WITHOUT the gate (conversation events, TOC, thinking, PRD, feedback):
 * secrets and personal data are replaced, never refused (a hook must not fail). Issue 17.
 */
export function redactSensitive<T>(value: T): T {
  return redactValue(value, ['secret', 'pii'], [], { free: true });
}
