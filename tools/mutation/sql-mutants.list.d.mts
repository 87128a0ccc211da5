/** One hand-written SQL mutant (sql-mutants.list.mjs). */
export interface SqlMutant {
  id: string;
  /** The function whose LIVE body (the latest migration's definition) the mutant edits. */
  live: string;
  file: string;
  find: string;
  replace: string;
  bug: string;
  tests: string[];
}

export const SQL_MUTANTS: SqlMutant[];
