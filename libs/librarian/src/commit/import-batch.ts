import { sql, type Kysely } from 'kysely';
import { importedState, toMemoryRecord, type MemoryRecord, type MemoryRow, type TypeRegistry } from '@engram/memory';
import type { Admitted } from '../admit.js';
import type { GateOutcome } from '../gate-outcome.js';
import { gateRequestColumns } from '../gate-request.repository.js';
import type { Judgement } from '../judge.js';
import type { WriteRequest } from '../write-request.js';
import { HEAD_COLUMNS, prepare } from './commit-statement.js';
import { outcomeOf, requestRow, type Committer } from './committer.js';
import { importOperation } from './record.writer.js';
import { TurnBatch } from '../turn-batch.js';

type Import = Extract<WriteRequest, { op: 'import' }>;
type Commit = Extract<Judgement, { verdict: 'commit' }>;

interface Waiting {
  a: Admitted;
  j: Commit;
  resolve: (outcome: GateOutcome) => void;
  reject: (err: unknown) => void;
}

/** Imports one transaction commits at most. */
const MAX_IMPORT_BATCH = 64;

/**
 * True for an approved import that can share a group commit: nothing of the record is stored
 * (every version is new) and none of its versions is forgotten (a tombstone goes through
 * `engram_forget` on its own).
 */
export function groupable(j: Judgement): boolean {
  if (j.verdict !== 'commit' || j.l2.request.op !== 'import' || !j.l2.freshImport) return false;
  return (j.l2.request as Import).versions.every((v) => v.status !== 'forgotten');
}

/**
 * Group commit for imports of new records (issue 39: `engram import` logged, committed and read
 * back each record in a transaction of its own, seven round trips per record). Imports approved
 * in the same turn of the event loop share ONE transaction of three statements: every request
 * logged (`engram_log_request`, approved), every version committed in order through
 * `engram_commit_head`, whose checks are the same as for a lone import (the version must be what
 * its request's payload carries; the commit consumes the request), and the heads read back. One
 * import alone takes the same path (four round trips, not seven). If the batch fails, nothing of
 * it was stored, and each import is settled alone by the transactional committer so that it gets
 * its own answer.
 */
export class ImportBatcher {
  private readonly imports = new TurnBatch<Waiting>(MAX_IMPORT_BATCH, (batch) => void this.commitBatch(batch));

  constructor(private readonly deps: { db: Kysely<any>; registry: TypeRegistry; alone: Committer }) {}

  settle(a: Admitted, j: Judgement): Promise<GateOutcome> {
    if (!groupable(j)) return this.deps.alone.settle(a, j);
    return new Promise((resolve, reject) => this.imports.add({ a, j: j as Commit, resolve, reject }));
  }

  private async commitBatch(batch: Waiting[]): Promise<void> {
    let heads: Map<string, MemoryRecord>;
    try {
      heads = await this.deps.db.transaction().execute((trx) => this.commitIn(trx, batch));
    } catch {
      // One after the other: two imports of the same record (the usual cause) then meet as commit and noop, not as a conflict.
      for (const w of batch) await this.alone(w);
      return;
    }
    for (const w of batch) {
      const id = (w.j.l2.request as Import).versions[0]?.id as string;
      const { l2, reason, policyMatched } = w.j;
      w.resolve(outcomeOf(w.a.requestId, 'committed', { ...l2, reason }, { policyMatched, ...(heads.has(id) ? { record: heads.get(id) } : {}), ...w.a.redactions }));
    }
  }

  private async commitIn(trx: Kysely<any>, batch: Waiting[]): Promise<Map<string, MemoryRecord>> {
    const requests = batch.map(({ a, j }) => gateRequestColumns({ ...requestRow(a, j.l2), status: 'approved', decision: j.l2.decision, reason: j.reason, policyMatched: j.policyMatched }));
    await sql`SELECT engram_log_request(r) FROM jsonb_array_elements(${JSON.stringify(requests)}::jsonb) AS r`.execute(trx);
    const versions = batch.flatMap(({ a, j }) => (j.l2.request as Import).versions.map((version) => {
      const state = importedState(version, this.deps.registry.get(version.type));
      const p = prepare(state, importOperation(state, version), { requestId: a.requestId, reason: j.reason, decision: j.l2.decision, policyMatched: j.policyMatched });
      return `{"v":${p.v},"audit":${p.audit}}`;
    }));
    // Versions in the array's order (a record's v1 before its v2): the lateral call runs per element, in order.
    const { rows } = await sql<MemoryRow & { i: number }>`
      SELECT ${HEAD_COLUMNS}, t.i FROM jsonb_array_elements(${`[${versions.join(',')}]`}::jsonb) WITH ORDINALITY AS t(x, i)
        CROSS JOIN LATERAL engram_commit_head(t.x->'v', t.x->'audit', '[]'::jsonb, NULL) AS h
       ORDER BY t.i`.execute(trx);
    // The last head of each record is its state after the import.
    return new Map(rows.map((r) => [r.id, toMemoryRecord(r)]));
  }

  private async alone(w: Waiting): Promise<void> {
    await this.deps.alone.settle(w.a, w.j).then(w.resolve, w.reject);
  }
}
