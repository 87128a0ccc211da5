import { z } from 'zod';

/*
 * Shared input fragments. Every tool schema is `.strict()`: unknown keys are rejected, so a typo
 * in an argument name fails loudly instead of being ignored.
 */
export const scopeField = z
  .string()
  .regex(/^(global|(project|agent):\S.{0,500})$/, 'scope must be global, project:<id> or agent:<id>')
  .optional()
  .describe('global, project:<id> or agent:<id>; defaults to the session scope.');

export const typeField = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,63}$/, 'type must be a registered memory type name')
  .describe('Memory type: decision, belief, fact, preference, episode, task, context, skill (or a configured custom type).');

export const tagsField = z.array(z.string().min(1).max(100)).max(50).optional().describe('Tags (at most 50).');
export const isoDate = z.iso.datetime({ offset: true })
  // Year 0000 is a valid ISO date that Postgres cannot store (INTERNAL_ERROR before, issue 36 T3-23).
  .refine((s) => {
    const year = new Date(s).getUTCFullYear();
    return year >= 1 && year <= 9999;
  }, 'dates must be between the years 0001 and 9999');
export const idField = z.uuid().describe('Memory id (UUID).');
export const contentField = z.string().trim().min(1, 'content must not be empty').max(100_000)
  .describe('The memory text.');

/** Graph links of a new memory (ADR-0010): edges to existing memories in its scope or global. */
export const linksField = z
  .array(
    z.object({
      kind: z.enum(['derived_from', 'supports', 'relates_to', 'contradicts']).describe('How the new memory relates to the target.'),
      target: z.uuid().describe('Id of an existing memory in the same scope or global.'),
      weight: z.number().gt(0).max(1).optional().describe('Strength of the link, 0..1 (default 1).'),
    }).strict(),
  )
  .max(32)
  .optional()
  .describe('Links to existing memories (at most 32): derived_from, supports, relates_to, contradicts.');

/** The fields of one new record, as `memory.store` and each record of `memory.store_batch` take them. */
export const newRecordFields = {
  type: typeField,
  content: contentField.describe('The memory text.'),
  metadata: z.record(z.string(), z.unknown()).optional().describe('Arbitrary JSON metadata.'),
  tags: tagsField,
  scope: scopeField,
  temporal_valid_from: isoDate.optional().describe('Start of validity (ISO 8601, default now).'),
  temporal_valid_to: isoDate.optional().describe('End of validity (ISO 8601, default open).'),
};
