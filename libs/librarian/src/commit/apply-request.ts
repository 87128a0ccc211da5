import type { MemoryRecord, NewRecordInput } from '@engram/memory';
import type { CommitAudit } from './commit-statement.js';
import type { RecordWriter } from './record.writer.js';
import type { Actor } from '../actor.js';
import type { CreateInput, WriteRequest } from '../write-request.js';

/** What a commit produced. */
export interface Applied {
  record: MemoryRecord;
  superseded?: MemoryRecord;
  /** An import whose versions were all stored already. */
  noop?: boolean;
}

/** Provenance defaults to the submitting actor; trust always mirrors the actor kind. */
export function toNewRecord(input: CreateInput, actor: Actor): NewRecordInput {
  return {
    ...(input.id ? { id: input.id } : {}),
    type: input.type, content: input.content, metadata: input.metadata ?? {}, tags: input.tags ?? [], scope: input.scope,
    source: { type: input.source?.type ?? actor.kind, id: input.source?.id ?? actor.id }, trust: actor.kind,
    ...(input.validFrom ? { validFrom: input.validFrom } : {}),
    ...(input.validTo !== undefined ? { validTo: input.validTo } : {}),
    ...(input.confidence !== undefined ? { confidence: input.confidence } : {}),
  };
}

/** Commits an approved request through the record writer (inside the gate's transaction). */
export async function applyRequest(request: WriteRequest, actor: Actor, writer: RecordWriter, audit: CommitAudit): Promise<Applied> {
  switch (request.op) {
    case 'create':
      return { record: await writer.create(toNewRecord(request, actor), audit) };
    case 'update':
      return { record: await writer.update(request.id, request.patch, audit, { expectedVersion: request.expectedVersion }) };
    case 'supersede': {
      const replacement = request.replacement ? { record: toNewRecord(request.replacement, actor) } : { existingId: request.replacementId as string };
      const r = await writer.supersede(request.id, replacement, audit, { expectedVersion: request.expectedVersion });
      return { record: r.replacement, superseded: r.old };
    }
    case 'invalidate':
      return { record: await writer.invalidate(request.id, request.reason, audit, { expectedVersion: request.expectedVersion }) };
    case 'archive':
      return { record: await writer.archive(request.id, request.reason, audit, { expectedVersion: request.expectedVersion }) };
    case 'forget':
      return { record: await writer.forget(request.id, request.reason, audit, { expectedVersion: request.expectedVersion }) };
    case 'reinforce':
      return { record: await writer.reinforce(request.id, audit) };
    case 'promote':
      return { record: await writer.promote(request.id, audit, { expectedVersion: request.expectedVersion }) };
    case 'import': {
      let committed = 0;
      for (const v of request.versions) {
        if ((await writer.importVersion(v, audit)) === 'committed') committed++;
      }
      return { record: await writer.get(request.versions[0]?.id as string), noop: committed === 0 };
    }
  }
}
