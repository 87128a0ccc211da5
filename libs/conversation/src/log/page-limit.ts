import { InvalidEventError } from '../errors.js';

/** The most events one read returns. */
export const MAX_RANGE_LIMIT = 1000;

/** A page size or neighbour count: a non-negative integer, clamped to {@link MAX_RANGE_LIMIT}. */
export function checkLimit(limit: number, name: string): number {
  if (!Number.isInteger(limit) || limit < 0) throw new InvalidEventError(`${name} must be a non-negative integer`);
  return Math.min(limit, MAX_RANGE_LIMIT);
}
