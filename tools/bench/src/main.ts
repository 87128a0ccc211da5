// engram benchmark entry (bundled and started by tools/bench/run.mjs). See docs/benchmarks.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { loadEmbeddingProvider } from '@engram/infra';
import { runBackend, type BackendResult } from './backend-run.js';
import { createEmbeddedDatabase, createNativeDatabase, withAdmin, type BenchDatabase } from './databases.js';
import { importLines } from './import-phase.js';
import { measureIsolation } from './isolation-phase.js';
import { measureMcpServerRss } from './mcp-rss.js';
import { parseOptions } from './options.js';
import { renderReport, type BenchReport } from './report.js';
import { measureQueryEmbedding } from './search-phase.js';
import { progress, rssMiB, since } from './stats.js';
import { benchGate } from './write-phase.js';
import { cachedPassageEmbedder, corpusVectors, measureEmbeddingRate } from './vectors.js';

const root = process.cwd();
const opts = parseOptions(process.argv.slice(2), root);
const started = performance.now();
const open = (b: 'postgres' | 'pglite'): Promise<BenchDatabase> => (b === 'postgres' ? createNativeDatabase() : createEmbeddedDatabase());

async function machine(): Promise<BenchReport['machine']> {
  const versions = await withAdmin(async (c) => {
    const pg = await c.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    const vec = await c.query<{ v: string }>("SELECT default_version AS v FROM pg_available_extensions WHERE name = 'vector'");
    return { postgres: pg.rows[0]?.v ?? '?', pgvector: vec.rows[0]?.v ?? '?' };
  });
  return { cpuModel: cpus()[0]?.model ?? '?', cores: cpus().length, ramGiB: Math.round(totalmem() / 2 ** 30), node: process.versions.node, ...versions, loadAvgAtStart: loadavg().map((x) => Math.round(x * 100) / 100) };
}

progress(`sizes ${opts.sizes.join(', ')}; backends ${opts.backends.join(', ')}; ${opts.queries} queries per mode`);
const embedder = await loadEmbeddingProvider({ modelDir: opts.modelDir, modelName: opts.modelName });
const report: BenchReport = { date: new Date().toISOString(), command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`, machine: await machine(), options: opts, backends: [] } as unknown as BenchReport;
try {
  progress('embedding rate (1024 passages, batches of 32)');
  report.embedding = { rate: await measureEmbeddingRate(embedder, opts.seed, 1024), query: await measureQueryEmbedding(embedder, opts.seed, 200) };
  const maxSize = opts.sizes[opts.sizes.length - 1] as number;
  progress(`corpus vectors for ${maxSize} memories (cache in .cache/bench)`);
  const vectors = await corpusVectors(root, embedder, opts.seed, maxSize);
  report.vectors = { n: vectors.n, computeSeconds: vectors.computeSeconds, fromCache: vectors.fromCache };
  const passages = cachedPassageEmbedder(embedder, vectors, opts.seed);
  let lines: string[] = [];
  for (const b of opts.backends) {
    const db = await open(b);
    try {
      const result: BackendResult = await runBackend(db, { root, opts, embedder, passages, onFirstSize: (l) => { if (lines.length === 0) lines = l; } });
      result.benchRssMiB = rssMiB();
      if (b === 'postgres' && opts.mcp && db.url) result.mcpServer = await measureMcpServerRss(root, db.url, opts.modelDir, opts.seed, 50);
      report.backends.push(result);
    } finally {
      await db.destroy();
    }
  }
  report.passageCacheMisses = passages.misses();
  report.imports = [];
  for (const b of opts.backends) {
    progress(`${b}: importing ${lines.length} exported records into a fresh database`);
    const db = await open(b);
    try {
      report.imports.push({ backend: b, ...(await importLines(benchGate(db.handle), lines, opts.concurrency)) });
    } finally {
      await db.destroy();
    }
  }
  progress('test isolation cost (CONVENTIONS C12)');
  report.isolation = await measureIsolation(opts.isolationOpens);
} finally {
  await embedder.close();
}
report.totalMinutes = Math.round(since(started) / 6000) / 10;
mkdirSync(join(root, '.cache/bench'), { recursive: true });
const file = join(root, '.cache/bench', `results-${report.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(report, null, 2));
progress(`done in ${report.totalMinutes} min; results in ${file}`);
process.stdout.write(renderReport(report));
