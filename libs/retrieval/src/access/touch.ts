import { sql, type Kysely } from 'kysely';
import { isUuid, type MemoryDatabase } from '@engram/memory';

/**
 * Records that recall returned these records (access_count + 1, accessed_at = now, confidence
 * floored at 0.8: reads reinforce, seed 004). Goes through the SECURITY DEFINER function
 * `engram_touch`, because the service role cannot UPDATE memories directly (ADR-0004).
 * Only active records are touched; unknown or malformed ids are ignored. Creates no new version.
 */
export async function touchMemories(db: Kysely<MemoryDatabase> | Kysely<any>, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)].filter(isUuid);
  if (unique.length === 0) return;
  await sql`SELECT engram_touch(${unique}::uuid[])`.execute(db);
}
