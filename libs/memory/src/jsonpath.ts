import { InvalidFilterError } from './errors.js';

const MAX_JSONPATH_LENGTH = 2000;

/**
 * Cheap structural validation of a SQL/JSON path before it reaches the database: it must start
 * with `$` (optionally after `lax`/`strict`) and have balanced brackets and quotes. The database
 * parser is the final judge; its syntax errors are mapped to InvalidFilterError too.
 */
export function validateJsonPath(path: string): string {
  const trimmed = path.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_JSONPATH_LENGTH) {
    throw new InvalidFilterError('metadata JSONPath filter must be 1..2000 characters');
  }
  if (!/^((lax|strict)\s+)?\$/.test(trimmed)) {
    throw new InvalidFilterError(`malformed JSONPath "${path}": it must start with "$"`);
  }
  if (!balanced(trimmed)) {
    throw new InvalidFilterError(`malformed JSONPath "${path}": unbalanced brackets or quotes`);
  }
  if (/\$\s*[A-Za-z_"]/.test(trimmed.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) {
    throw new InvalidFilterError(`malformed JSONPath "${path}": variables ($name) are not supported, write the value into the path`);
  }
  return trimmed;
}

function balanced(text: string): boolean {
  const closing: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"') quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') stack.push(ch);
    else if (ch in closing && stack.pop() !== closing[ch]) return false;
  }
  return quote === null && stack.length === 0;
}

/** True when a database error of a query WITH a JSONPath filter is the filter's fault (syntax or evaluation). */
export function isJsonPathError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  // A data exception (22xxx) of a query that has a path is the path's: `strict $.nope` (no such
  // key), `strict $.k / 0` (division by zero) do not name "jsonpath" in their message.
  // A syntax error (42601) is the path's only when it names the path: the rest of the query is ours.
  if (code === '42601') return /jsonpath|json path|sql\/json/i.test(message);
  return code === '42704' || code.startsWith('22');
}
