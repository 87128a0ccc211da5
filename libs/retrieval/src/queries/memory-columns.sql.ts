import { sql } from 'kysely';
import { MEMORY_COLUMNS } from '@engram/memory';

/** Every memory column of the row aliased `alias`, as a select list ("x.id, x.version, …"). */
export const memoryColumnsOf = (alias: string) => sql.join(MEMORY_COLUMNS.map((c) => sql.ref(`${alias}.${c}`)));
