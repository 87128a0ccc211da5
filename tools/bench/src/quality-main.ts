// Quality benchmark entry (bundled and started by tools/bench/quality.mjs; `npm run bench:quality`).
// Loads the evaluation corpus through the gate into a fresh database per backend, embeds it with
// the real model through the indexer, and scores every retrieval variant on the labelled queries.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { loadEmbeddingProvider } from '@engram/infra';
import { createEmbeddingIndexer, createPageRankGraphExpander, createRetrievalPipeline, createSearchService } from '@engram/retrieval';
import { createEmbeddedDatabase, createNativeDatabase } from './databases.js';
import { buildEvalSet } from './quality/eval-corpus.js';
import { evaluateRanker, type RankerReport } from './quality/evaluate.js';
import { loadCorpus } from './quality/load-corpus.js';
import { renderQualityReport, type QualityReport } from './quality/quality-report.js';
import { PIPELINE_VARIANTS, pipelineRanker } from './quality/pipeline-rankers.js';
import { graphExpandedRanker, searchRanker, type Ranker } from './quality/rankers.js';
import { progress, since } from './stats.js';

const USAGE = 'usage: npm run bench:quality -- [--background N] [--skip-pglite|--skip-postgres]';

function parse(argv: string[]) {
  let background = 2000;
  let backends: ('postgres' | 'pglite')[] = ['postgres', 'pglite'];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--background') {
      background = Number(argv[++i]);
      if (!Number.isInteger(background) || background < 0) throw new Error(`--background needs an integer >= 0\n${USAGE}`);
    } else if (a === '--skip-pglite') backends = ['postgres'];
    else if (a === '--skip-postgres') backends = ['pglite'];
    else throw new Error(`unknown option ${a}\n${USAGE}`);
  }
  return { background, backends };
}

const root = process.cwd();
const opts = parse(process.argv.slice(2));
const set = buildEvalSet(7);
const modelDir = process.env['ENGRAM_MODEL_DIR'] ?? join(root, '.cache/models/all-MiniLM-L6-v2');
const embedder = await loadEmbeddingProvider({ modelDir, modelName: 'all-MiniLM-L6-v2' });
const categories: Record<string, number> = {};
for (const q of set.queries) categories[q.category] = (categories[q.category] ?? 0) + 1;
const report: QualityReport = {
  date: new Date().toISOString(),
  command: `npm run bench:quality${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  machine: { cpuModel: cpus()[0]?.model ?? '?', cores: cpus().length, ramGiB: Math.round(totalmem() / 2 ** 30), node: process.versions.node },
  corpus: { events: set.events.length, queries: set.queries.length, background: opts.background, categories },
  backends: [],
};
try {
  for (const name of opts.backends) {
    const db = name === 'postgres' ? await createNativeDatabase(4) : await createEmbeddedDatabase();
    try {
      progress(`${name}: loading ${set.events.length} corpus writes + ${opts.background} background records through the gate`);
      let t = performance.now();
      const loaded = await loadCorpus(db.handle, set, opts.background, 42);
      const loadSeconds = Math.round(since(t) / 100) / 10;
      progress(`${name}: embedding ${loaded.records} records with the indexer`);
      t = performance.now();
      const { remaining } = await createEmbeddingIndexer({ db: db.handle.db, embedder, batchSize: 32 }).runOnce();
      if (remaining !== 0) throw new Error(`indexer left ${remaining} records without a vector`);
      const embedSeconds = Math.round(since(t) / 100) / 10;
      const search = createSearchService({ db: db.handle.db, embedder });
      const rankers: Ranker[] = [
        searchRanker(search, 'vector'),
        searchRanker(search, 'keyword'),
        searchRanker(search, 'hybrid'),
        graphExpandedRanker(db.handle.db, search, { name: 'hybrid+graph-rrf', fusion: 'rrf', seeds: 5, graphWeight: 0.5 }),
        graphExpandedRanker(db.handle.db, search, { name: 'hybrid+graph-fill', fusion: 'fill', fillSlots: 3, seeds: 5, graphWeight: 0 }),
      ];
      // The validated pipeline behind memory.retrieve, wired as the runtime wires it (search + PPR expander).
      const pipeline = createRetrievalPipeline({ db: db.handle.db, embedder, search, graph: createPageRankGraphExpander({ db: db.handle.db }) });
      rankers.push(...PIPELINE_VARIANTS.map((v) => pipelineRanker(db.handle.db, pipeline, v)));
      const keyOf = new Map([...loaded.ids].map(([k, id]) => [id, k]));
      const reports: RankerReport[] = [];
      for (const r of rankers) {
        progress(`${name}: ${r.name} over ${set.queries.length} queries`);
        reports.push(await evaluateRanker(r, set, keyOf));
      }
      report.backends.push({ name, records: loaded.records, edges: loaded.edges, outcomes: loaded.outcomes, backgroundSkipped: loaded.backgroundSkipped, loadSeconds, embedSeconds, rankers: reports });
    } finally {
      await db.destroy();
    }
  }
} finally {
  await embedder.close();
}
mkdirSync(join(root, '.cache/bench'), { recursive: true });
const file = join(root, '.cache/bench', `quality-${report.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(report, null, 2));
progress(`results in ${file}`);
process.stdout.write(renderQualityReport(report));
