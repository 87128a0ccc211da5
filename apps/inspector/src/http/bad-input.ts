import { z } from 'zod';

/** Input the inspector refuses (400), with a message that names the field. */
export class BadInputError extends Error {
  readonly code = 'BAD_INPUT' as const;
}

/** Parses query/form values with a zod schema; every problem is reported as one readable sentence. */
export function parseInput<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const r = schema.safeParse(raw ?? {});
  if (r.success) return r.data;
  throw new BadInputError(r.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
}

/** An optional text field: empty string counts as absent; trimmed; bounded. */
export const optionalText = (max = 200) =>
  z.string().max(max, `at most ${max} characters`).transform((s) => s.trim() || undefined).optional();

/** A comma-separated list field ("a, b") as an array; empty counts as absent. */
export const csvList = z.string().max(500).optional()
  .transform((s) => (s ? s.split(',').map((t) => t.trim()).filter(Boolean) : undefined));

export const uuidParam = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID');

/** A checkbox value ("on", "1", "true") as a boolean. */
export const checkbox = z.string().max(10, 'at most 10 characters (a checkbox sends "on")').optional().transform((v) => v === 'on' || v === '1' || v === 'true');

/** A positive integer from a query string, with bounds. */
export const intParam = (min: number, max: number) => z.coerce.number().int(`must be a whole number`).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

/** An ISO date or date-time (as typed into a datetime-local input) as a Date. */
export const dateParam = z.string().max(40).optional().transform((s, ctx) => {
  if (!s?.trim()) return undefined;
  // A datetime-local value has no zone: the inspector speaks UTC throughout.
  const d = new Date(/T\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(s.trim()) ? `${s.trim()}Z` : s.trim());
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: `"${s}" is not a date (use YYYY-MM-DD or YYYY-MM-DDTHH:MM)` });
    return z.NEVER;
  }
  return d;
});
