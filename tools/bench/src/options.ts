// Command line of the benchmark: `npm run bench -- [--size N] [--pglite-size N] [--quick] [--queries N] [--skip-pglite] [--skip-mcp] [--skip-a2a] [--analyze]`.

/** What to run. */
export interface BenchOptions {
  /** Sizes measured, ascending (e.g. 10k then 100k, written incrementally into one database). */
  sizes: number[];
  /** Sizes for PGlite (default: the same); `--pglite-size N` caps them for a shorter run. */
  pgliteSizes: number[];
  queries: number;
  importCount: number;
  concurrency: number;
  seed: number;
  backends: ('postgres' | 'pglite')[];
  mcp: boolean;
  /** Measure the A2A server (message/send recall) on the native database at the first size. */
  a2a: boolean;
  /** VACUUM ANALYZE memories after filling vectors (what autovacuum does on a default server). */
  analyze: boolean;
  isolationOpens: number;
  modelDir: string;
  modelName: string;
}

function numberAfter(argv: string[], i: number, flag: string): number {
  const v = Number(argv[i + 1]);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${flag} needs a positive integer`);
  return v;
}

/** Parses argv; `--quick` = 2 000 memories, 50 queries, 1 000 imports (a smoke run of every phase). */
export function parseOptions(argv: string[], root: string): BenchOptions {
  let size = 100_000;
  let queries = 200;
  let importCount = 10_000;
  let backends: BenchOptions['backends'] = ['postgres', 'pglite'];
  let mcp = true;
  let a2a = true;
  let analyze = false;
  let concurrency = 8;
  let pgliteSize: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') [size, queries, importCount] = [2000, 50, 1000];
    else if (a === '--size') size = numberAfter(argv, i++, a);
    else if (a === '--pglite-size') pgliteSize = numberAfter(argv, i++, a);
    else if (a === '--queries') queries = numberAfter(argv, i++, a);
    else if (a === '--imports') importCount = numberAfter(argv, i++, a);
    else if (a === '--concurrency') concurrency = numberAfter(argv, i++, a);
    else if (a === '--skip-pglite') backends = ['postgres'];
    else if (a === '--skip-postgres') backends = ['pglite'];
    else if (a === '--skip-mcp') mcp = false;
    else if (a === '--skip-a2a') a2a = false;
    else if (a === '--analyze') analyze = true;
    else throw new Error(`unknown option ${a}\nusage: npm run bench -- [--size N] [--pglite-size N] [--quick] [--queries N] [--imports N] [--concurrency N] [--skip-pglite|--skip-postgres] [--skip-mcp] [--skip-a2a] [--analyze]`);
  }
  const sizesOf = (n: number) => (n > 10_000 ? [10_000, n] : [n]);
  const sizes = sizesOf(size);
  return {
    sizes, pgliteSizes: sizesOf(Math.min(size, pgliteSize ?? size)), queries, importCount: Math.min(importCount, sizes[0] as number), concurrency, seed: 42, backends, mcp, a2a, analyze,
    isolationOpens: 5,
    modelDir: process.env['ENGRAM_MODEL_DIR'] ?? `${root}/.cache/models/all-MiniLM-L6-v2`,
    modelName: 'all-MiniLM-L6-v2',
  };
}
