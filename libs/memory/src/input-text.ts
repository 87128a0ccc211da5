/*
 * Strings Postgres cannot store or JSON it cannot walk answered INTERNAL_ERROR "retry" (issue 17):
 * the caller's input was at fault, so the gate's Layer 1 and the event log's ingest name the
 * problem and the path instead. (The pg driver turns a lone surrogate into U+FFFD on the way, so
 * without this check it is stored changed, without a word.)
 */

import { JSON_LIMITS } from './json-limits.js';

/** Deepest nesting of a request (metadata 5,000 levels deep overflowed the stack). */
export const MAX_INPUT_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored as text, or undefined. */
export function textProblem(s: string): string | undefined {
  if (s.includes('\u0000')) return 'contains a NUL character (U+0000), which text cannot hold';
  if (LONE_SURROGATE.test(s)) return 'contains a lone UTF-16 surrogate (not valid Unicode)';
  return undefined;
}

/**
 * The first problem of a JSON value: a string or key that cannot be stored, nesting deeper than
 * `maxDepth`, or more keys, items or values than {@link JSON_LIMITS} (issue 36: what an HTTP body
 * may hold, so a value that came another way, stdio or a CLI file, is held to the same). Walks
 * with an explicit stack, so no input can overflow it; stops at the first excess.
 */
export function inputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH): string | undefined {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: '$', depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop() as { v: unknown; path: string; depth: number };
    if (typeof v === 'string') {
      const p = textProblem(v);
      if (p) return `${path} ${p}`;
      continue;
    }
    if (!v || typeof v !== 'object' || v instanceof Date) continue;
    if (depth >= maxDepth) return `${path} is nested deeper than ${maxDepth} levels`;
    const size = Array.isArray(v) ? v.length : Object.keys(v).length;
    if (Array.isArray(v) && size > JSON_LIMITS.maxItems) return `${path} has more than ${JSON_LIMITS.maxItems} items`;
    if (!Array.isArray(v) && size > JSON_LIMITS.maxKeys) return `${path} has more than ${JSON_LIMITS.maxKeys} keys`;
    values += size;
    if (values > JSON_LIMITS.maxValues) return `the input holds more than ${JSON_LIMITS.maxValues} values`;
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v as Record<string, unknown>);
    for (const [k, x] of entries) {
      const p = textProblem(k);
      if (p) return `a key under ${path} ${p}`;
      stack.push({ v: x, path: Array.isArray(v) ? `${path}[${k}]` : `${path}.${k.slice(0, 40)}`, depth: depth + 1 });
    }
  }
  return undefined;
}
