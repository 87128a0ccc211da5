import { createHash } from 'node:crypto';
import { canonicalJson } from '@engram/memory';

/**
 * A deterministic event id from the parts that identify an event: the same parts always give the
 * same id, so a redelivered event (spool drain, re-import, client retry) is stored once (ING-03).
 * Prefixed with the agent for readability; 128 bits of sha-256 keep collisions out of reach.
 */
export function deriveEventId(agent: string, parts: readonly unknown[]): string {
  const digest = createHash('sha256').update(canonicalJson(parts)).digest('hex').slice(0, 32);
  return `${agent}:${digest}`;
}
