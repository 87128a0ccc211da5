import { PGlite } from '@electric-sql/pglite';

/*
 * Memory bounds of the embedded PGlite engine (issue 18, runbook "Bounding memory"). PGlite runs
 * Postgres inside this process's WebAssembly memory, which grows to the engine's high-water mark
 * and never shrinks, so every Postgres memory setting is also a bound on the process's RSS:
 * - shared_buffers is allocated at start and fills as pages are read (a 100k-memory store reads
 *   far more than any default), so it stays resident in full;
 * - work_mem (per sort or hash; hash tables may use hash_mem_multiplier times it) and
 *   maintenance_work_mem (CREATE INDEX, e.g. an HNSW build of every vector; VACUUM) are peaks
 *   that stay resident once reached.
 * The engine reads its files through the OS, whose page cache serves what shared_buffers no
 * longer holds, so smaller buffers cost latency, not correctness. In WebAssembly a page read from
 * the OS costs several times what it costs native Postgres (each is a synchronous file read through
 * the runtime into the engine's memory): at 100k memories a search's keyword half reads its
 * candidates' heap pages (~1,200) and its vector half the HNSW graph's (~1,000), so buffers that
 * cannot hold the table make every search pay for its pages again (ADR-0063).
 */

/** Postgres memory settings of the embedded engine, in Postgres units (e.g. `32MB`, `4096kB`). */
export interface PgliteMemorySettings {
  sharedBuffers: string;
  workMem: string;
  maintenanceWorkMem: string;
}

/**
 * shared_buffers 128MB (PGlite's and native Postgres's own default): at 100k memories it holds the
 * table and the hot part of the vector index, and a server that has warmed up searches 1.4x faster
 * than at 32MB (ADR-0063), for at most 96 MB more resident memory, reached only on a store that large.
 */
export const DEFAULT_PGLITE_MEMORY: Readonly<PgliteMemorySettings> = {
  sharedBuffers: '128MB',
  workMem: '4MB',
  maintenanceWorkMem: '64MB',
};

const VARIABLES: Record<keyof PgliteMemorySettings, string> = {
  sharedBuffers: 'ENGRAM_PGLITE_SHARED_BUFFERS',
  workMem: 'ENGRAM_PGLITE_WORK_MEM',
  maintenanceWorkMem: 'ENGRAM_PGLITE_MAINTENANCE_WORK_MEM',
};

const GUC: Record<keyof PgliteMemorySettings, string> = {
  sharedBuffers: 'shared_buffers',
  workMem: 'work_mem',
  maintenanceWorkMem: 'maintenance_work_mem',
};

const MEMORY_VALUE = /^[1-9][0-9]{0,6}(kB|MB|GB)$/;

/** The settings from ENGRAM_PGLITE_SHARED_BUFFERS / _WORK_MEM / _MAINTENANCE_WORK_MEM, else the defaults. */
export function pgliteMemoryFrom(env: Record<string, string | undefined>): PgliteMemorySettings {
  const out = { ...DEFAULT_PGLITE_MEMORY };
  for (const key of Object.keys(VARIABLES) as Array<keyof PgliteMemorySettings>) {
    const raw = env[VARIABLES[key]]?.trim();
    if (!raw) continue;
    if (!MEMORY_VALUE.test(raw)) throw new Error(`${VARIABLES[key]} must be a Postgres memory size such as 32MB or 4096kB, got "${raw}"`);
    out[key] = raw;
  }
  return out;
}

/** PGlite's own start parameters plus ours (`-c name=value` set at start, like postgresql.conf). */
export function pgliteStartParams(settings: PgliteMemorySettings): string[] {
  const ours = (Object.keys(GUC) as Array<keyof PgliteMemorySettings>).flatMap((k) => ['-c', `${GUC[k]}=${settings[k]}`]);
  return [...PGlite.defaultStartParams, ...ours];
}
