import { z } from 'zod';
import type { MemoryRecord } from '@engram/memory';
import type { GateOutcome } from '../gate-outcome.js';

/*
 * What crosses the librarian's socket (ADR-0047): JSON bodies of five POST routes and their
 * answers. The write request itself is not checked here: the librarian's gate admits it exactly
 * as it admits one from its own process (Layer 1), so the wire adds no second, weaker schema.
 */

/** The two gates a process composes: agents' writes, and the sweeps' (their own rate bucket). */
export const GATE_NAMES = ['agents', 'sweeper'] as const;
export type GateName = (typeof GATE_NAMES)[number];

const gate = z.enum(GATE_NAMES);
const name = z.string().min(1).max(200);
const actor = z.strictObject({
  id: name,
  kind: z.enum(['user', 'agent', 'tool', 'import']),
  allowedScopes: z.array(z.string().min(1).max(300)).max(100).optional(),
});

export const submitBody = z.strictObject({ gate, request: z.unknown(), actor });
/** The most requests one `/submit-batch` carries (memory.store_batch's cap); a longer batch is sent in parts, in order. */
export const MAX_WIRE_BATCH = 100;
export const submitBatchBody = z.strictObject({ gate, requests: z.array(z.unknown()).min(1).max(MAX_WIRE_BATCH), actor });
export const approveBody = z.strictObject({ gate, id: z.string().min(1).max(100), reviewer: name, note: z.string().max(2000).optional() });
export const rejectBody = z.strictObject({ gate, id: z.string().min(1).max(100), reviewer: name, reason: z.string().min(1).max(2000) });
export const approveAllBody = z.strictObject({
  gate,
  reviewer: name,
  filter: z.strictObject({
    operation: z.string().max(50).optional(),
    scope: z.string().max(300).optional(),
    requestedBy: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(10_000).optional(),
  }),
});

/** The routes, each with its body's schema. */
export const ROUTES = {
  '/submit': submitBody,
  '/submit-batch': submitBatchBody,
  '/approve': approveBody,
  '/reject': rejectBody,
  '/approve-all': approveAllBody,
} as const;
export type Route = keyof typeof ROUTES;

/** A refusal or failure the librarian answers with (HTTP 4xx/5xx): a catalogued code and its message. */
export interface WireError {
  code: string;
  message: string;
  /** For GATE_REQUEST_NOT_FOUND / _NOT_PENDING: the request, and its status, so the client rebuilds the same error. */
  requestId?: string;
  status?: string;
}

const RECORD_DATES = ['createdAt', 'updatedAt', 'validFrom', 'validTo', 'accessedAt', 'recordedAt'] as const;

/** JSON carries dates as ISO strings: the outcome's records get their Date fields back. */
export function reviveOutcome(outcome: GateOutcome): GateOutcome {
  const out = { ...outcome };
  if (out.record) out.record = reviveRecord(out.record);
  if (out.superseded) out.superseded = reviveRecord(out.superseded);
  return out;
}

function reviveRecord(record: MemoryRecord): MemoryRecord {
  const r: Record<string, unknown> = { ...record };
  for (const key of RECORD_DATES) if (typeof r[key] === 'string') r[key] = new Date(r[key]);
  return r as unknown as MemoryRecord;
}
