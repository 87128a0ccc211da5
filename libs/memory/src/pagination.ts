import { InvalidFilterError } from './errors.js';

/** Keyset position: the (created_at, id) of the last item of the previous page. */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

/** Encodes a keyset position as an opaque base64url cursor. */
export function encodeCursor(pos: KeysetPosition): string {
  return Buffer.from(JSON.stringify({ t: pos.createdAt.toISOString(), i: pos.id }), 'utf8').toString('base64url');
}

/** Decodes a cursor made by {@link encodeCursor}; anything else is an InvalidFilterError. */
export function decodeCursor(cursor: string): KeysetPosition {
  try {
    const raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t?: unknown; i?: unknown };
    const createdAt = new Date(String(raw.t));
    if (typeof raw.t !== 'string' || typeof raw.i !== 'string' || Number.isNaN(createdAt.getTime())) {
      throw new Error('bad cursor shape');
    }
    return { createdAt, id: raw.i };
  } catch {
    throw new InvalidFilterError('invalid pagination cursor');
  }
}

/** Default and maximum page sizes (FR-02: default limit 100). */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** Clamps a requested page size into [1, MAX_PAGE_SIZE]. */
export function pageSize(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1) throw new InvalidFilterError(`invalid page limit ${limit}`);
  return Math.min(limit, MAX_PAGE_SIZE);
}
