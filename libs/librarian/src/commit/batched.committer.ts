import { randomUUID } from 'node:crypto';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { contentHash, RecordReader, STEP_CHARS, toMemoryRecord, type MemoryRecord, type MemoryRow, type TypeRegistry } from '@engram/memory';
import type { Admitted } from '../admit.js';
import { edgeRows } from '../edges/planned-edge.js';
import type { GateOutcome } from '../gate-outcome.js';
import { gateRequestColumns } from '../gate-request.repository.js';
import type { Judgement } from '../judge.js';
import type { WriteRequest } from '../write-request.js';
import { toNewRecord } from './apply-request.js';
import { ActiveDuplicateError } from './commit-errors.js';
import { commitPrepared, HEAD_COLUMNS, prepareNewRecord, type PreparedCommit } from './commit-statement.js';
import { groupable, ImportBatcher } from './import-batch.js';
import { TurnBatch } from '../turn-batch.js';
import { asDomainError, outcomeOf, rejectAdmitted, requestRow, type Committer } from './committer.js';

/** Creates one statement commits at most (bounds the statement's size and the batch's latency). */
export const MAX_CREATE_BATCH = 64;

/** What the batched committer needs; `alone` settles every judgement that is not an auto-approved create. */
export interface BatchedCommitterDeps {
  db: Kysely<any>;
  registry: TypeRegistry;
  clock: () => Date;
  alone: Committer;
  maxBatch?: number;
}

type Create = Extract<WriteRequest, { op: 'create' }>;

interface Waiting {
  commit: PreparedCommit;
  resolve: (record: MemoryRecord) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for auto-approved creates (ADR-0017, ADR-0038). A create locks nothing, so it needs
 * no transaction: its version, approve audit row, edges and request row are ONE statement
 * (`engram_commit_head`), and creates that reach their commit in the same turn of the event loop
 * (concurrent writers whose Layer 2 reads came back together) share one statement,
 * `engram_commit_heads`: a round trip, a transaction and a WAL flush per batch rather than per
 * create. A lone create goes alone, one turn later at most. Each caller is answered only after the
 * statement that holds its create has committed. If a batch fails, nothing of it was stored, and
 * each create is retried alone so that it gets its own result: one bad item (a taken id) never
 * fails the others. Any other judgement is settled by `alone` (the transactional committer).
 */
export class BatchedCommitter implements Committer {
  private readonly creates: TurnBatch<Waiting>;

  private readonly imports: ImportBatcher;

  constructor(private readonly deps: BatchedCommitterDeps) {
    this.creates = new TurnBatch(deps.maxBatch ?? MAX_CREATE_BATCH, (batch) => void this.commitBatch(batch));
    this.imports = new ImportBatcher(deps);
  }

  async settle(a: Admitted, j: Judgement): Promise<GateOutcome> {
    if (groupable(j)) return this.imports.settle(a, j);
    const create = j.verdict === 'commit' && j.l2.request.op === 'create' ? j.l2.request : undefined;
    if (j.verdict !== 'commit' || !create) return this.deps.alone.settle(a, j);
    const { l2, reason, policyMatched } = j;
    const input = toNewRecord(create, a.actor);
    const id = input.id ?? randomUUID();
    const request = gateRequestColumns({
      ...requestRow(a, l2), status: 'committed', decision: l2.decision, reason, policyMatched, resultId: id, resultVersion: 1,
    });
    // The request's payload copy above and the commit's JSON below each pass over the whole text:
    // a long one gets a turn of the event loop in between (issue 17, ADR-0031).
    if (create.content.length > STEP_CHARS) await setImmediatePromise();
    let record: MemoryRecord;
    try {
      record = await this.enqueue(prepareNewRecord(
        this.deps, { ...input, id },
        { requestId: a.requestId, reason, decision: l2.decision, policyMatched }, { edges: edgeRows(id, l2.edges), request },
      ));
    } catch (err) {
      if (err instanceof ActiveDuplicateError) return this.lostRace(a, j, create);
      const domain = asDomainError(err);
      if (!domain) throw err;
      return rejectAdmitted(this.deps.db, a, { code: domain.code, reason: domain.message, request: a.request });
    }
    return outcomeOf(a.requestId, 'committed', { ...l2, reason }, { policyMatched, record, ...a.redactions });
  }

  /**
   * A concurrent store of the same content in the same scope committed first (the unique index on
   * active (scope, content_hash) refused this one): the answer is the NOOP a sequential store gets.
   */
  private async lostRace(a: Admitted, j: Extract<Judgement, { verdict: 'commit' }>, create: Create): Promise<GateOutcome> {
    const winner = await new RecordReader(this.deps.db).findActiveByContentHash(create.scope, contentHash(create.content));
    if (!winner) {
      const lost = new ActiveDuplicateError(create.id ?? 'new record');
      return rejectAdmitted(this.deps.db, a, { code: lost.code, reason: lost.message, request: a.request });
    }
    const reason = `exact duplicate of ${winner.id} (same content hash in ${create.scope}, stored concurrently)`;
    return this.deps.alone.settle(a, { verdict: 'noop', l2: { ...j.l2, decision: 'NOOP', reason, duplicateOf: winner.id, edges: [], flags: [] } });
  }

  private enqueue(commit: PreparedCommit): Promise<MemoryRecord> {
    return new Promise((resolve, reject) => this.creates.add({ commit, resolve, reject }));
  }

  private async commitBatch(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return this.commitAlone(batch[0] as Waiting);
    let rows: MemoryRow[];
    try {
      ({ rows } = await sql<MemoryRow>`SELECT ${HEAD_COLUMNS} FROM engram_commit_heads(${itemsJson(batch)}::jsonb)`.execute(this.deps.db));
    } catch {
      await Promise.all(batch.map((w) => this.commitAlone(w)));
      return;
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const w of batch) {
      const row = byId.get(w.commit.id);
      if (row) w.resolve(toMemoryRecord(row));
      else w.reject(new Error(`engram_commit_heads returned no head for ${w.commit.id}`));
    }
  }

  private async commitAlone(w: Waiting): Promise<void> {
    await commitPrepared(this.deps.db, w.commit, 0).then(w.resolve, w.reject);
  }
}

/** The batch as one JSON array, spliced from the already serialised arguments. */
function itemsJson(batch: readonly Waiting[]): string {
  return `[${batch.map(({ commit: c }) => `{"v":${c.v},"audit":${c.audit},"edges":${c.edges},"request":${c.request ?? 'null'}}`).join(',')}]`;
}
