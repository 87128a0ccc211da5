import { sql, type Kysely } from 'kysely';
import { toMemoryRecord, type MemoryRecord, type MemoryRow } from '@engram/memory';
import { commitPrepared, HEAD_COLUMNS, type PreparedCommit } from './record.writer.js';

/** Creates one statement commits at most (bounds the statement's size and the batch's latency). */
export const MAX_CREATE_BATCH = 64;

interface Waiting {
  commit: PreparedCommit;
  resolve: (record: MemoryRecord) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for auto-approved creates (ADR-0017). Creates that reach their commit in the same
 * turn of the event loop (concurrent writers whose Layer 2 reads came back together) are written
 * by ONE statement, `engram_commit_heads`, instead of one each: a round trip, a transaction and a
 * WAL flush per batch rather than per create. A lone create goes alone, one turn later at most.
 * Each caller is answered only after the statement that holds its create has committed. If the
 * batch fails, nothing of it was stored, and each create is retried alone so that it gets its own
 * result: one bad item (a taken id) never fails the others.
 */
export class CreateBatcher {
  private waiting: Waiting[] = [];

  private scheduled = false;

  constructor(private readonly db: Kysely<any>, private readonly maxBatch = MAX_CREATE_BATCH) {}

  commit(commit: PreparedCommit): Promise<MemoryRecord> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ commit, resolve, reject });
      if (this.waiting.length >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.waiting.length > 0) void this.commitBatch(this.waiting.splice(0, this.maxBatch));
  }

  private async commitBatch(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return settleAlone(this.db, batch[0] as Waiting);
    let rows: MemoryRow[];
    try {
      ({ rows } = await sql<MemoryRow>`SELECT ${HEAD_COLUMNS} FROM engram_commit_heads(${itemsJson(batch)}::jsonb)`.execute(this.db));
    } catch {
      await Promise.all(batch.map((w) => settleAlone(this.db, w)));
      return;
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const w of batch) {
      const row = byId.get(w.commit.id);
      if (row) w.resolve(toMemoryRecord(row));
      else w.reject(new Error(`engram_commit_heads returned no head for ${w.commit.id}`));
    }
  }
}

async function settleAlone(db: Kysely<any>, w: Waiting): Promise<void> {
  await commitPrepared(db, w.commit, 0).then(w.resolve, w.reject);
}

/** The batch as one JSON array, spliced from the already serialised arguments. */
function itemsJson(batch: readonly Waiting[]): string {
  return `[${batch.map(({ commit: c }) => `{"v":${c.v},"audit":${c.audit},"edges":${c.edges},"request":${c.request ?? 'null'}}`).join(',')}]`;
}
