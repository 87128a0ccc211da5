import type { ConversationDb } from '@engram/conversation';
import type { LifecycleDb } from '@engram/lifecycle';
import type { ContinuityDb } from './continuity/continuity-tables.js';

/**
 * The shared database as the memory service hands it on: at once the continuity tables' handle,
 * the lifecycle lib's and the conversation lib's, so each factory takes it as its own without a
 * cast. An intersection of handles rather than a handle over the union of the tables because
 * Kysely's handle type is invariant in its schema: `Kysely<A & B>` does not pass where
 * `Kysely<A>` is asked for. The composition root's handle (`Kysely<any>`) satisfies all three.
 */
export type WorkDb = ContinuityDb & LifecycleDb & ConversationDb;
