import type { Generated } from 'kysely';

/** One open or resolved review flag raised by a retrieval cascade. */
export interface CascadeReviewsTable {
  memory_id: string;
  cause_id: string;
  cause_status: string;
  reason: string;
  flagged_at: Generated<Date>;
  resolved_at: Date | null;
  resolved_by: string | null;
}

export const tableName = 'cascade_reviews';

export type PartialDB = { [tableName]: CascadeReviewsTable };
