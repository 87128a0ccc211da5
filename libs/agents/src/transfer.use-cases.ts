import type { ImportedVersion, MemoryStatus, MemoryVersion } from '@engram/memory';
import { InvalidImportLineError } from './errors.js';
import type { GatePort, ReaderPort } from './ports.js';
import { actorOf, toChangeResult, type ChangeResult } from './write.use-cases.js';
import type { CallContext } from './scope-context.js';

/** One JSONL line of an export: a record with its full version history (oldest first). */
export interface ExportLine {
  kind: 'engram.memory';
  id: string;
  versions: Record<string, unknown>[];
}

const ALL_STATUSES: MemoryStatus[] = ['active', 'superseded', 'invalidated', 'archived', 'forgotten'];
const DATE_FIELDS = ['createdAt', 'updatedAt', 'validFrom', 'validTo', 'accessedAt', 'recordedAt'] as const;
// What an import carries into the gate. Exports hold more (access counts, hashes, embedding model,
// the original gate request): derived or local bookkeeping that the importing store recomputes.
const IMPORTED_FIELDS = [
  'id', 'version', 'type', 'content', 'metadata', 'tags', 'scope', 'source', 'trust', 'status', 'createdAt', 'updatedAt',
  'validFrom', 'validTo', 'supersededBy', 'statusReason', 'archived', 'confidence', 'operation',
] as const;

function toJsonVersion(v: MemoryVersion): Record<string, unknown> {
  const out: Record<string, unknown> = { ...v };
  for (const f of DATE_FIELDS) {
    const d = out[f];
    if (d instanceof Date) out[f] = d.toISOString();
  }
  return out;
}

function fromJsonVersion(raw: unknown, line: number): ImportedVersion {
  if (!raw || typeof raw !== 'object') throw new InvalidImportLineError(line, 'a version is not an object');
  const v: Record<string, unknown> = {};
  for (const f of IMPORTED_FIELDS) if (f in raw) v[f] = (raw as Record<string, unknown>)[f];
  for (const f of DATE_FIELDS) {
    const value = v[f];
    if (typeof value === 'string') {
      const d = new Date(value);
      if (Number.isNaN(d.getTime())) throw new InvalidImportLineError(line, `${f} is not a valid timestamp`);
      v[f] = d;
    }
  }
  for (const f of ['id', 'type', 'content', 'scope'] as const) {
    if (typeof v[f] !== 'string') throw new InvalidImportLineError(line, `version field "${f}" must be a string`);
  }
  if (typeof v.version !== 'number') throw new InvalidImportLineError(line, 'version field "version" must be a number');
  return v as unknown as ImportedVersion;
}

/** Parses one JSONL line of an export. Throws InvalidImportLineError naming the line. */
export function parseExportLine(text: string, line: number): { id: string; versions: ImportedVersion[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new InvalidImportLineError(line, `not JSON (${(err as Error).message})`);
  }
  const obj = parsed as Partial<ExportLine> | null;
  if (!obj || obj.kind !== 'engram.memory' || typeof obj.id !== 'string' || !Array.isArray(obj.versions) || obj.versions.length === 0) {
    throw new InvalidImportLineError(line, 'expected {"kind":"engram.memory","id":...,"versions":[...]}');
  }
  const versions = obj.versions.map((v) => fromJsonVersion(v, line));
  if (versions.some((v) => v.id !== obj.id)) throw new InvalidImportLineError(line, 'every version must carry the record id');
  return { id: obj.id, versions };
}

/** Export/import of full histories (ids, versions, timestamps, provenance preserved). */
export function createTransferUseCases(reader: ReaderPort, gate: GatePort) {
  return {
    /** Number of records an export will write (for progress bars). */
    async countAll(scope?: string): Promise<number> {
      let n = 0;
      for await (const _ of this.exportAll(scope)) n += 1;
      return n;
    },
    /** Every record (all statuses, all scopes unless one is given) with its version history. */
    async *exportAll(scope?: string): AsyncGenerator<ExportLine> {
      let cursor: string | undefined;
      do {
        const page = await reader.list({ statuses: ALL_STATUSES, scopes: scope ? [scope] : undefined }, { limit: 200, cursor });
        for (const record of page.items) {
          const versions = await reader.versions(record.id);
          yield { kind: 'engram.memory', id: record.id, versions: versions.map(toJsonVersion) };
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    },
    /**
     * Imports one exported record through the gate's `import` op. Re-importing is a no-op: a
     * record whose versions are all stored exactly is answered `noop` after one read, without a
     * request logged for it (issue 39: a re-import of 100,000 records wrote 200,000 rows).
     */
    async importLine(text: string, line: number, ctx: CallContext): Promise<ChangeResult> {
      const { id, versions } = parseExportLine(text, line);
      const request = { op: 'import', versions } as const;
      if (await gate.alreadyImported(request)) return alreadyPresent(id, versions.length);
      return toChangeResult(await gate.submit(request, actorOf(ctx)));
    },
  };
}

/** A re-imported record found stored exactly: nothing changed, and no gate request was logged for it (so no request id). */
function alreadyPresent(id: string, versions: number): ChangeResult {
  return { status: 'approved', gateStatus: 'noop', requestId: '', reason: `memory ${id}: all ${versions} version(s) already imported; nothing logged` };
}
