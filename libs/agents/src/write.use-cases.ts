import type { MemoryRecord } from '@engram/memory';
import { InvalidInputError } from './errors.js';
import type { ActorRef, CreateRecordInput, GateOutcomeView, GatePort, RecordLinkInput, RecordPatchInput, WriteRequestInput } from './ports.js';
import { resolveWriteScope, type CallContext } from './scope-context.js';

/** Input of memory.store (seed 000 FR-06) and remember (seed 004). */
export interface StoreInput {
  type: string;
  content: string;
  metadata?: Record<string, unknown>;
  tags?: string[];
  scope?: string;
  validFrom?: Date;
  validTo?: Date | null;
  confidence?: number;
  source?: { type: string; id: string | null };
  /** Graph links to existing records in the same scope or global (ADR-0010). */
  links?: RecordLinkInput[];
}

/**
 * FR-06 output: `approved` (stored, or an exact duplicate of `id`), `pending` (queued for review:
 * `id` is the gate request id to poll), `rejected` (nothing written, `reason` says why).
 */
export interface StoreResult {
  id: string;
  status: 'approved' | 'pending' | 'rejected';
  reason: string;
  requestId: string;
  /** Rejection code from the gate (rejected only). */
  code?: string;
  duplicateOf?: string;
  record?: MemoryRecord;
}

/** Options of a supersede: why, and the version the caller last saw (optimistic concurrency). */
export interface SupersedeOptions {
  reason?: string;
  expectedVersion?: number;
}

/** Result of a change to an existing record (update, forget, invalidate, archive, promote, reinforce). */
export interface ChangeResult {
  status: 'approved' | 'pending' | 'rejected';
  /** The gate's own status: `noop` means nothing changed (duplicate, or an import already present). */
  gateStatus: GateOutcomeView['status'];
  requestId: string;
  reason: string;
  code?: string;
  record?: MemoryRecord;
}

export function actorOf(ctx: CallContext): ActorRef {
  const kind = ctx.actor.startsWith('cli:') ? 'user' : ctx.actor.startsWith('import') ? 'import' : 'agent';
  return { id: ctx.actor, kind, ...(ctx.allowedScopes ? { allowedScopes: [...ctx.allowedScopes] } : {}) };
}

function statusOf(outcome: GateOutcomeView): StoreResult['status'] {
  switch (outcome.status) {
    case 'committed':
    case 'noop':
      return 'approved';
    case 'pending':
      return 'pending';
    case 'rejected':
      return 'rejected';
  }
}

/** Maps a gate outcome to the caller's view of a change. */
export function toChangeResult(outcome: GateOutcomeView): ChangeResult {
  const result: ChangeResult = { status: statusOf(outcome), gateStatus: outcome.status, requestId: outcome.requestId, reason: outcome.reason };
  if (outcome.code) result.code = outcome.code;
  if (outcome.record) result.record = outcome.record;
  return result;
}

function toStoreResult(outcome: GateOutcomeView): StoreResult {
  const id = outcome.record?.id ?? outcome.duplicateOf ?? outcome.requestId;
  const result: StoreResult = { id, status: statusOf(outcome), reason: outcome.reason, requestId: outcome.requestId };
  if (outcome.code) result.code = outcome.code;
  if (outcome.duplicateOf) result.duplicateOf = outcome.duplicateOf;
  if (outcome.record) result.record = outcome.record;
  return result;
}

function newRecord(input: StoreInput, ctx: CallContext): CreateRecordInput {
  return {
    type: input.type,
    content: input.content,
    metadata: input.metadata ?? {},
    tags: input.tags ?? [],
    scope: resolveWriteScope(input.scope, ctx),
    source: input.source ?? { type: ctx.admin ? 'cli' : 'mcp', id: ctx.actor },
    // Absent optional fields stay absent: the gate's schema is strict about what it receives.
    ...(input.validFrom ? { validFrom: input.validFrom } : {}),
    ...(input.validTo ? { validTo: input.validTo } : {}),
    ...(input.confidence !== undefined ? { confidence: input.confidence } : {}),
    ...(input.links?.length ? { links: input.links } : {}),
  };
}

/** Only the fields the caller set: the gate's patch schema is strict and refuses an empty patch. */
function cleanPatch(patch: RecordPatchInput): RecordPatchInput {
  const out: RecordPatchInput = {};
  if (patch.content !== undefined) out.content = patch.content;
  if (patch.metadata !== undefined) out.metadata = patch.metadata;
  if (patch.tags !== undefined) out.tags = patch.tags;
  if (patch.validFrom !== undefined) out.validFrom = patch.validFrom;
  if (patch.validTo !== undefined) out.validTo = patch.validTo;
  if (patch.confidence !== undefined) out.confidence = patch.confidence;
  if (Object.keys(out).length === 0) throw new InvalidInputError('an update must change content, metadata, tags, confidence or validity');
  return out;
}

/**
 * Write use cases: every one is a gate request (nothing durable without the gate). They do not
 * check that the caller can see the record they change; the memory service does that first.
 */
export interface WriteUseCases {
  store(input: StoreInput, ctx: CallContext): Promise<StoreResult>;
  /** Many stores as if one after another, in order, with the results in order (memory.store_batch). */
  storeBatch(inputs: readonly StoreInput[], ctx: CallContext): Promise<StoreResult[]>;
  /** A new version in place; with `expectedVersion` the gate refuses it (VERSION_CONFLICT) if the record moved on. */
  update(id: string, patch: RecordPatchInput, expectedVersion: number | undefined, ctx: CallContext): Promise<ChangeResult>;
  supersede(id: string, replacement: StoreInput, ctx: CallContext, opts?: SupersedeOptions): Promise<StoreResult>;
  forget(id: string, ctx: CallContext, reason?: string): Promise<ChangeResult>;
  invalidate(id: string, reason: string, ctx: CallContext): Promise<ChangeResult>;
  archive(id: string, ctx: CallContext, reason?: string): Promise<ChangeResult>;
  promote(id: string, ctx: CallContext): Promise<ChangeResult>;
  reinforce(id: string, ctx: CallContext): Promise<ChangeResult>;
}

/** The {@link WriteUseCases} over one gate. */
export function createWriteUseCases(gate: GatePort): WriteUseCases {
  const submit = (req: WriteRequestInput, ctx: CallContext) => gate.submit(req, actorOf(ctx));
  return {
    async store(input: StoreInput, ctx: CallContext): Promise<StoreResult> {
      return toStoreResult(await submit({ op: 'create', ...newRecord(input, ctx) }, ctx));
    },
    async storeBatch(inputs: readonly StoreInput[], ctx: CallContext): Promise<StoreResult[]> {
      const requests: WriteRequestInput[] = inputs.map((input) => ({ op: 'create', ...newRecord(input, ctx) }));
      return (await gate.submitBatch(requests, actorOf(ctx))).map(toStoreResult);
    },
    async update(id: string, patch: RecordPatchInput, expectedVersion: number | undefined, ctx: CallContext): Promise<ChangeResult> {
      const req: WriteRequestInput = { op: 'update', id, patch: cleanPatch(patch), ...(expectedVersion !== undefined ? { expectedVersion } : {}) };
      return toChangeResult(await submit(req, ctx));
    },
    async supersede(id: string, replacement: StoreInput, ctx: CallContext, opts: SupersedeOptions = {}): Promise<StoreResult> {
      const req: WriteRequestInput = {
        op: 'supersede', id, replacement: newRecord(replacement, ctx),
        ...(opts.reason ? { reason: opts.reason } : {}), ...(opts.expectedVersion !== undefined ? { expectedVersion: opts.expectedVersion } : {}),
      };
      return toStoreResult(await submit(req, ctx));
    },
    async forget(id: string, ctx: CallContext, reason?: string): Promise<ChangeResult> {
      return toChangeResult(await submit({ op: 'forget', id, reason: reason ?? 'forgotten on request' }, ctx));
    },
    async invalidate(id: string, reason: string, ctx: CallContext): Promise<ChangeResult> {
      return toChangeResult(await submit({ op: 'invalidate', id, reason }, ctx));
    },
    async archive(id: string, ctx: CallContext, reason?: string): Promise<ChangeResult> {
      return toChangeResult(await submit(reason ? { op: 'archive', id, reason } : { op: 'archive', id }, ctx));
    },
    async promote(id: string, ctx: CallContext): Promise<ChangeResult> {
      return toChangeResult(await submit({ op: 'promote', id }, ctx));
    },
    async reinforce(id: string, ctx: CallContext): Promise<ChangeResult> {
      return toChangeResult(await submit({ op: 'reinforce', id }, ctx));
    },
  };
}
