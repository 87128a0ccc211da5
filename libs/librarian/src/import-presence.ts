import { canonicalJson, type MemoryVersion, type RecordReader } from '@engram/memory';
import { TurnBatch } from './turn-batch.js';
import { writeRequestSchema, type ImportedVersionInput } from './write-request.js';

interface Asked {
  id: string;
  resolve: (stored: MemoryVersion[]) => void;
  reject: (err: unknown) => void;
}

/** An imported version equals a stored one: same text, state, place, metadata and times (what Layer 2's import check compares). */
export function sameVersion(s: MemoryVersion, v: ImportedVersionInput): boolean {
  return s.content === v.content && s.status === v.status && s.scope === v.scope && s.type === v.type
    && canonicalJson(s.metadata) === canonicalJson(v.metadata) && canonicalJson(s.tags) === canonicalJson(v.tags)
    && s.supersededBy === v.supersededBy && s.createdAt.getTime() === v.createdAt.getTime() && s.updatedAt.getTime() === v.updatedAt.getTime();
}

/** The most records one presence read asks for. */
const MAX_READ = 500;

/**
 * Answers "is this import stored already, exactly?" (issue 39). The gate would answer NOOP, so a
 * re-import can skip such a record without logging a request and an audit row for it. Questions
 * asked in the same turn of the event loop (an import's lines in flight) share ONE read of the
 * version histories, so a re-import costs a fraction of a round trip per record and no write.
 * Anything else (a new version, a differing one, an invalid request) is false: the request goes
 * through the gate, which says what it is.
 */
export class ImportPresence {
  private readonly reads = new TurnBatch<Asked>(MAX_READ, (batch) => void this.read(batch));

  constructor(private readonly reader: RecordReader) {}

  async alreadyImported(input: unknown): Promise<boolean> {
    const parsed = writeRequestSchema.safeParse(input);
    if (!parsed.success || parsed.data.op !== 'import') return false;
    const versions = parsed.data.versions;
    const id = versions[0]?.id;
    if (!id || versions.some((v) => v.id !== id)) return false;
    const stored = new Map((await this.storedVersions(id)).map((s) => [s.version, s]));
    return versions.every((v) => {
      const s = stored.get(v.version);
      return s !== undefined && sameVersion(s, v);
    });
  }

  /** A record's stored versions (none: an empty list), read with every other id asked for in this turn. */
  storedVersions(id: string): Promise<MemoryVersion[]> {
    return new Promise((resolve, reject) => this.reads.add({ id, resolve, reject }));
  }

  private async read(batch: Asked[]): Promise<void> {
    try {
      const stored = await this.reader.versionsOf(batch.map((w) => w.id));
      for (const w of batch) w.resolve(stored.get(w.id) ?? []);
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}
