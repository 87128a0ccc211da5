import { z } from 'zod';
import { newRecordFields } from './schemas.js';
import { defineTool } from './tool-definition.js';
import { toDate } from './render.js';

/** The most records one call stores: a batch is a bulk load's unit, not an export. */
export const MAX_BATCH_RECORDS = 100;

const record = z.object(newRecordFields).strict();

/**
 * memory.store_batch (issue 39): many records in one call, each judged by the gate as if stored
 * one by one, in order (a near duplicate of an earlier record of the batch meets it as it would in
 * a sequence). The gate reads the Layer 2 candidates of the batch in one statement and writes the
 * approved creates through its group commit (ADR-0017, ADR-0050). An invalid record
 * fails the whole call before anything is written; a rejection by the gate is that record's answer.
 */
export const memoryStoreBatchTool = defineTool({
  name: 'memory.store_batch',
  title: 'Store many memories',
  description:
    `Create up to ${MAX_BATCH_RECORDS} memory records in one call (bulk loads, scripts). Each goes through the Librarian gate ` +
    'as memory.store would and gets its own answer, in order: approved, pending (for review) or rejected with the reason. ' +
    'Each record counts against the caller\'s write rate limit.',
  readOnly: false,
  uses: 'memory',
  inputSchema: z.object({
    records: z.array(record).min(1).max(MAX_BATCH_RECORDS).describe(`The records, 1 to ${MAX_BATCH_RECORDS}.`),
  }).strict(),
  async handler(input, { service, ctx }) {
    const results = await service.storeBatch(input.records.map((r) => ({
      type: r.type, content: r.content, metadata: r.metadata, tags: r.tags, scope: r.scope,
      validFrom: toDate(r.temporal_valid_from), validTo: toDate(r.temporal_valid_to) ?? null,
    })), ctx);
    const answers = results.map((r, index) => ({
      index, id: r.id, status: r.status, reason: r.reason, request_id: r.requestId,
      ...(r.code ? { code: r.code } : {}), ...(r.duplicateOf ? { duplicate_of: r.duplicateOf } : {}),
    }));
    const counts = { approved: 0, pending: 0, rejected: 0 };
    for (const r of results) counts[r.status] += 1;
    const refused = answers.filter((a) => a.status === 'rejected').map((a) => `#${a.index} ${a.code ?? 'REJECTED'}: ${a.reason}`);
    const text = [`${counts.approved} approved, ${counts.pending} pending, ${counts.rejected} rejected of ${results.length}`, ...refused].join('\n');
    return { structured: { results: answers, counts }, text };
  },
});
