/*
 * Recognises "the database is not there" among the errors a driver throws, so every edge can say
 * so plainly instead of reporting an internal error. Pure: it reads SQLSTATE classes and Node
 * socket errno codes, no driver import.
 *   08xxx connection exception · 57P01-57P05 operator intervention (shutdown, cannot connect now)
 *   53xxx insufficient resources · 55000 with "not currently accepting connections"
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'ENOENT', 'EHOSTUNREACH']);
const MESSAGES = /connection terminated|terminating connection|not currently accepting connections|cannot use a pool after calling end|connection (?:refused|reset)|timeout exceeded when trying to connect/i;

/** The outage as a one-line reason, or null when `err` is not a database outage. */
export function databaseOutage(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    const isOutage =
      code === 'DATABASE_UNAVAILABLE' ||
      (typeof code === 'string' && (/^(08|53|57P0)/.test(code) || SOCKET_CODES.has(code))) ||
      MESSAGES.test(e.message);
    if (isOutage) return `database unavailable: ${e.message.split('\n')[0]}`;
  }
  return null;
}
