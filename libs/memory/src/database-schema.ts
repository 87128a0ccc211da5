import type { Kysely } from 'kysely';
import type { PartialDB as Memories } from './tables/memories.table.js';
import type { PartialDB as MemoryVersions } from './tables/memory-versions.table.js';
import type { PartialDB as MemoryEdges } from './tables/memory-edges.table.js';

/** The memory tables as one kysely schema type. */
export type MemoryDatabase = Memories & MemoryVersions & MemoryEdges;

/** A kysely handle (or transaction) over at least the memory tables. */
export type MemoryDb = Kysely<MemoryDatabase>;
