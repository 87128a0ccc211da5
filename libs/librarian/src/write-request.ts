import { z } from 'zod';
import { tombstoneForgotten } from './import-tombstone.js';

const uuid = z.uuid();
const metadata = z.record(z.string(), z.unknown());
const tags = z.array(z.string().trim().min(1));
const scope = z.string().regex(/^(global|(project|agent):\S.*)$/, 'scope must be global, project:<id> or agent:<id>');
const confidence = z.number().min(0).max(1);
const version = z.number().int().min(1).max(2_147_483_647, 'version is at most 2147483647');
const reason = z.string().trim().min(1).max(2000);

/** Edge kinds a writer may state; supersedes/similar_to are the gate's own (ADR-0010). */
export const LINK_KINDS = ['supports', 'relates_to', 'derived_from', 'contradicts'] as const;

/** An explicit graph link from the new record to an existing one in its scope (or global). */
const linkSchema = z.strictObject({
  kind: z.enum(LINK_KINDS),
  target: uuid,
  weight: z.number().gt(0).max(1).optional(),
});

/** At most this many explicit links per record: a link list is a few references, not a graph dump. */
export const MAX_LINKS = 32;

/**
 * A date Postgres can store: years 1 to 9999 (year 0000 and beyond 9999 answered INTERNAL_ERROR,
 * issue 17); invalid dates are refused by z.coerce.date itself.
 */
function storedDate() {
  return z.coerce.date().refine((d) => d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999, { message: 'dates must be between years 0001 and 9999' });
}

/** Input of a new record. Dates accept ISO strings. */
export const createInputSchema = z
  .strictObject({
    id: uuid.optional(),
    type: z.string().min(1),
    content: z.string().refine((s) => s.trim().length > 0, 'content must not be empty'),
    metadata: metadata.optional(),
    tags: tags.optional(),
    scope,
    source: z.strictObject({ type: z.string().min(1), id: z.string().nullable().optional() }).optional(),
    validFrom: storedDate().optional(),
    validTo: storedDate().nullable().optional(),
    confidence: confidence.optional(),
    links: z.array(linkSchema).max(MAX_LINKS).optional(),
  })
  .refine((r) => !r.validFrom || !r.validTo || r.validTo > r.validFrom, { message: 'validTo must be after validFrom', path: ['validTo'] })
  .refine((r) => !r.id || !r.links?.some((l) => l.target === r.id), { message: 'a record cannot link to itself', path: ['links'] });

const patchSchema = z
  .strictObject({
    content: z.string().refine((s) => s.trim().length > 0, 'content must not be empty').optional(),
    metadata: metadata.optional(),
    tags: tags.optional(),
    validFrom: storedDate().optional(),
    validTo: storedDate().nullable().optional(),
    confidence: confidence.optional(),
  })
  .refine((p) => Object.keys(p).length > 0, 'patch must change something')
  .refine((p) => !p.validFrom || !p.validTo || p.validTo > p.validFrom, { message: 'validTo must be after validFrom', path: ['validTo'] });

const importedVersionSchema = z.strictObject({
  id: uuid,
  version,
  type: z.string().min(1),
  content: z.string(),
  metadata,
  tags: z.array(z.string()),
  scope,
  source: z.strictObject({ type: z.string().min(1), id: z.string().nullable() }),
  trust: z.enum(['user', 'agent', 'tool', 'import']),
  status: z.enum(['active', 'superseded', 'invalidated', 'archived', 'forgotten']),
  createdAt: storedDate(),
  updatedAt: storedDate(),
  validFrom: storedDate(),
  validTo: storedDate().nullable(),
  supersededBy: uuid.nullable(),
  statusReason: z.string().nullable(),
  archived: z.boolean(),
  confidence,
  operation: z.enum(['create', 'update', 'supersede', 'invalidate', 'archive', 'forget', 'reinforce', 'promote', 'import']).optional(),
});

/** Every write the gate accepts, discriminated by `op`. */
export const writeRequestSchema = z.discriminatedUnion('op', [
  createInputSchema.safeExtend({ op: z.literal('create') }),
  z.strictObject({ op: z.literal('update'), id: uuid, expectedVersion: version.optional(), patch: patchSchema }),
  z
    .strictObject({
      op: z.literal('supersede'), id: uuid, expectedVersion: version.optional(),
      replacement: createInputSchema.optional(), replacementId: uuid.optional(), reason: reason.optional(),
    })
    .refine((r) => (r.replacement === undefined) !== (r.replacementId === undefined), 'give exactly one of replacement or replacementId'),
  z.strictObject({ op: z.literal('invalidate'), id: uuid, reason, expectedVersion: version.optional() }),
  z.strictObject({ op: z.literal('archive'), id: uuid, reason: reason.optional(), expectedVersion: version.optional() }),
  z.strictObject({ op: z.literal('forget'), id: uuid, reason: reason.optional(), expectedVersion: version.optional() }),
  z.strictObject({ op: z.literal('reinforce'), id: uuid }),
  z.strictObject({ op: z.literal('promote'), id: uuid, expectedVersion: version.optional() }),
  z
    .strictObject({ op: z.literal('import'), versions: z.array(importedVersionSchema).min(1) })
    .refine((r) => new Set(r.versions.map((v) => v.id)).size === 1, 'an import request carries the history of ONE record')
    .refine((r) => r.versions.every((v, i) => v.version === (r.versions[0]?.version ?? 1) + i), 'versions must be consecutive, oldest first')
    .transform((r) => ({ ...r, versions: tombstoneForgotten(r.versions) })),
]);

/** A validated write request. */
export type WriteRequest = z.output<typeof writeRequestSchema>;
/** A write request as callers may send it (dates as strings or Dates). */
export type WriteRequestInput = z.input<typeof writeRequestSchema>;
/** The operations of the gate. */
export type WriteOperation = WriteRequest['op'];
/** Input of a new record. */
export type CreateInput = z.output<typeof createInputSchema>;
/** One explicit link of a new record. */
export type LinkInput = z.output<typeof linkSchema>;
/** One imported version. */
export type ImportedVersionInput = z.output<typeof importedVersionSchema>;

/** Parses a request; returns a readable error message instead of throwing. */
export function parseWriteRequest(input: unknown): { ok: true; request: WriteRequest } | { ok: false; message: string } {
  const result = writeRequestSchema.safeParse(input);
  if (result.success) return { ok: true, request: result.data };
  const message = result.error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
  return { ok: false, message: `invalid write request: ${message}` };
}
