/*
 * Limits on the shape of JSON, enforced on the raw text BEFORE it is parsed (issue 36 T3-19).
 * Metadata of 40,000 keys or an array of 120,000 items held the event loop 1.1-3.5 s (parse,
 * schema check, secret scan, jsonb), even when the request was refused as too large. One linear
 * pass over the characters (no allocation per value) counts nesting, keys per object, items per
 * array and values in all, and stops at the first excess: a 1 MB body is measured in a few ms.
 * JSON.parse runs only on text within the limits; it still judges the syntax.
 */

/** The shape a request body may have. */
export interface JsonLimits {
  /** Deepest nesting of objects and arrays. */
  maxDepth: number;
  /** Most keys in one object. */
  maxKeys: number;
  /** Most items in one array. */
  maxItems: number;
  /** Most values (object members and array items) in the whole document. */
  maxValues: number;
}

/**
 * The limits of every HTTP body (MCP, A2A, inspector). Generous for real requests: an
 * `events.ingest` batch of 1,000 events with their fields is ~10,000 values.
 */
export const JSON_LIMITS: JsonLimits = Object.freeze({ maxDepth: 64, maxKeys: 1_000, maxItems: 10_000, maxValues: 50_000 });

export type JsonLimitCode = 'JSON_TOO_DEEP' | 'JSON_TOO_MANY_KEYS' | 'JSON_ARRAY_TOO_LONG' | 'JSON_TOO_MANY_VALUES' | 'JSON_FORBIDDEN_KEY' | 'JSON_INVALID';

/** A body refused for its shape (or syntax); `code` names which limit. */
export class JsonLimitError extends Error {
  override readonly name = 'JsonLimitError';
  constructor(readonly code: JsonLimitCode, message: string) {
    super(`${code}: ${message}`);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * Throws {@link JsonLimitError} at the first place where `text` exceeds `limits`. It does not
 * check the syntax (JSON.parse does, afterwards); on malformed text it may count loosely, never
 * past the end. Linear in the length, constant memory apart from one counter per open level.
 */
export function checkJsonShape(text: string, limits: JsonLimits = JSON_LIMITS): void {
  const counts: number[] = []; // members seen so far in each open object/array
  const isObject: boolean[] = [];
  let empty = true; // the innermost open container has no member yet
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string: a backslash escapes the next character.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    }
    if (isSpace(c)) continue;
    const depth = counts.length;
    if (depth > 0 && empty && c !== CLOSE_OBJECT && c !== CLOSE_ARRAY) {
      empty = false;
      counts[depth - 1] = 1;
      if (++values > limits.maxValues) throw tooManyValues(limits);
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth + 1 > limits.maxDepth) throw new JsonLimitError('JSON_TOO_DEEP', `the body is nested deeper than ${limits.maxDepth} levels`);
      counts.push(0);
      isObject.push(c === OPEN_OBJECT);
      empty = true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      counts.pop();
      isObject.pop();
      empty = false;
    } else if (c === COMMA && depth > 0) {
      const n = (counts[depth - 1] as number) + 1;
      counts[depth - 1] = n;
      if (++values > limits.maxValues) throw tooManyValues(limits);
      if (isObject[depth - 1] ? n > limits.maxKeys : n > limits.maxItems) {
        throw isObject[depth - 1]
          ? new JsonLimitError('JSON_TOO_MANY_KEYS', `an object of the body has more than ${limits.maxKeys} keys`)
          : new JsonLimitError('JSON_ARRAY_TOO_LONG', `an array of the body has more than ${limits.maxItems} items`);
      }
    }
  }
}

function tooManyValues(limits: JsonLimits): JsonLimitError {
  return new JsonLimitError('JSON_TOO_MANY_VALUES', `the body holds more than ${limits.maxValues} values`);
}

/** The key that would change an object's prototype where a parsed value is later copied. */
const FORBIDDEN_KEY = /"__proto__"\s*:/;

/**
 * Checks the shape, then parses. A `__proto__` key is refused by name (JSON_FORBIDDEN_KEY; the
 * HTTP framework called such a valid body "not valid JSON", issue 36 T3-23): JSON.parse keeps it as
 * a plain key, but a later copy into a record (a schema check building `out[key] = …`) would set
 * the copy's prototype instead. Invalid syntax is JSON_INVALID with the parser's own reason.
 */
export function parseLimitedJson(text: string, limits: JsonLimits = JSON_LIMITS): unknown {
  checkJsonShape(text, limits);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new JsonLimitError('JSON_INVALID', `the body is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const forbidden = FORBIDDEN_KEY.exec(text);
  if (forbidden && hasForbiddenKey(value)) {
    throw new JsonLimitError('JSON_FORBIDDEN_KEY', 'a key named "__proto__" is not accepted (copied into an object it would replace its prototype); rename it');
  }
  return value;
}

/** Whether a parsed value has a forbidden own key anywhere (explicit stack: depth is bounded already). */
function hasForbiddenKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      stack.push(...v);
      continue;
    }
    for (const key of Object.keys(v)) {
      if (key === '__proto__') return true;
      stack.push((v as Record<string, unknown>)[key]);
    }
  }
  return false;
}

const utf8 = new TextDecoder();

/**
 * {@link parseLimitedJson} for an HTTP framework's body-parser callback (`done(error)` or
 * `done(null, value)`): the one JSON parser of every HTTP body (MCP, A2A, inspector).
 */
export function parseJsonBodyThen(body: Uint8Array | string, done: (error: Error | null, value?: unknown) => void): void {
  let parsed: unknown;
  try {
    parsed = parseLimitedJson(typeof body === 'string' ? body : utf8.decode(body));
  } catch (error) {
    return done(error as Error);
  }
  done(null, parsed);
}
