import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { MemoryDatabase } from '@engram/memory';
import type { VisibilityFilter } from './visibility.filter.js';

/** Test fixture: a compile-only kysely (its documented DummyDriver), for specs that read compiled SQL and its values. */
export const compileOnlyDb = new Kysely<MemoryDatabase>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export const fixtureNow = new Date('2026-01-01T00:00:00Z');

/** Two scopes, no other restriction. */
export const plainFilter: VisibilityFilter = {
  scopes: ['global', 'project:x'], types: null, tags: null, includeArchived: false,
  minConfidence: null, createdAfter: null, createdBefore: null, now: fixtureNow,
};
