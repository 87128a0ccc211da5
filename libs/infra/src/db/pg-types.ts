import pg from 'pg';

let installed = false;

/**
 * Parse int8 (count(*), bigint ids) to number once per process (atproto db.ts): node-postgres
 * returns strings by default, which would leak into every repository. Values above 2^53 do not
 * occur in engram's schema (counters, versions).
 */
export function installPgTypeParsers(): void {
  if (installed) return;
  pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));
  installed = true;
}
