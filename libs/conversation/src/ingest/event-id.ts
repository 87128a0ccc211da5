import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so the same payload always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * A deterministic event id from the parts that identify an event: the same parts always give the
 * same id, so a redelivered event (spool drain, re-import, client retry) is stored once (ING-03).
 * Prefixed with the agent for readability; 128 bits of sha-256 keep collisions out of reach.
 */
export function deriveEventId(agent: string, parts: readonly unknown[]): string {
  const digest = createHash('sha256').update(canonicalJson(parts)).digest('hex').slice(0, 32);
  return `${agent}:${digest}`;
}
