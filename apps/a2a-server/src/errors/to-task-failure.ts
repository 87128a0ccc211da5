import { databaseOutage } from '@engram/agents';

/** What a failed task says: the domain error's code and message, or that the database is down. */
export function toTaskFailure(err: unknown): { code: string; message: string } {
  const outage = databaseOutage(err);
  if (outage) return { code: 'DATABASE_UNAVAILABLE', message: outage };
  const coded = err as { code?: unknown; message?: unknown };
  if (err instanceof Error && typeof coded.code === 'string' && /^[A-Z_]+$/.test(coded.code)) {
    return { code: coded.code, message: err.message };
  }
  return { code: 'INTERNAL_ERROR', message: 'engram failed to run the skill; see the server log' };
}
