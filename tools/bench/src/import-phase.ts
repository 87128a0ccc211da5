// Phase 5: bulk import. Records are exported as JSONL lines (full version history, the export
// format of `engram export`) and imported into a fresh database through gate op 'import'.
import type { Gate } from '@engram/librarian';
import { RecordReader, type MemoryVersion } from '@engram/memory';
import type { DatabaseHandle } from '@engram/infra';
import { progress, since } from './stats.js';

// What an import request carries (the export also holds derived bookkeeping the gate recomputes).
const IMPORTED_FIELDS = [
  'id', 'version', 'type', 'content', 'metadata', 'tags', 'scope', 'source', 'trust', 'status', 'createdAt', 'updatedAt',
  'validFrom', 'validTo', 'supersededBy', 'statusReason', 'archived', 'confidence', 'operation',
] as const;

/** Up to `limit` records of the database as export lines (JSON text, one record each). */
export async function exportLines(handle: DatabaseHandle, limit: number): Promise<string[]> {
  const reader = new RecordReader(handle.db);
  const lines: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await reader.list({ statuses: ['active', 'superseded', 'invalidated', 'archived', 'forgotten'] }, { limit: 200, ...(cursor ? { cursor } : {}) });
    for (const record of page.items) {
      const versions: MemoryVersion[] = await reader.versions(record.id);
      lines.push(JSON.stringify({ kind: 'engram.memory', id: record.id, versions }));
      if (lines.length >= limit) return lines;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return lines;
}

/** Parses each line and submits it as one `import` request (JSON dates become Dates via zod). */
export async function importLines(gate: Gate, lines: string[], concurrency: number): Promise<{ records: number; seconds: number; perSecond: number; statuses: Record<string, number> }> {
  const statuses: Record<string, number> = {};
  const t = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < lines.length) {
      const line = lines[next++] as string;
      const parsed = JSON.parse(line) as { versions: Record<string, unknown>[] };
      const versions = parsed.versions.map((v) => Object.fromEntries(IMPORTED_FIELDS.filter((f) => f in v).map((f) => [f, v[f]])));
      const out = await gate.submit({ op: 'import', versions } as never, { id: 'bench-import', kind: 'import' });
      statuses[out.status] = (statuses[out.status] ?? 0) + 1;
      if (out.status === 'rejected') throw new Error(`import rejected: ${out.reason}`);
      if (next % 2000 === 0) progress(`  imported ${next}/${lines.length}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = since(t) / 1000;
  return { records: lines.length, seconds: Math.round(seconds * 10) / 10, perSecond: Math.round(lines.length / seconds), statuses };
}
