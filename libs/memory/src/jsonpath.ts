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

/** True when a database error is a JSONPath syntax/evaluation error (then the filter was bad). */
export function isJsonPathError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  return (code === '42601' || code.startsWith('22')) && /jsonpath|json path|sql\/json/i.test(message);
}
