// Embedding-model cost benchmark (issue 16 item 5; `npm run bench:embedder`): loads one model the
// way the server does (worker thread, default threads) and measures, on the dev set's real turns
// and questions, passage throughput (embedPassages in the server's batch size) and the latency of
// one query embedding (embedQuery, sequential, as a search pays it). The retrieval quality of a
// model is measured by `bench:conversations` with the same --model; this one prices it.
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { loadEmbeddingProvider } from '@engram/infra';
import { loadConversations } from './conversations/dataset.js';
import { defaultDataset } from './conversations/options.js';
import { progress, since, summarize } from './stats.js';

const USAGE =
  'usage: npm run bench:embedder -- [--model all-MiniLM-L6-v2|bge-small-en-v1.5] [--model-dir DIR] [--conversations conv-26,conv-30] [--queries N] [--dataset FILE]';

interface Options { model: string; modelDir: string | null; conversations: string[]; queries: number; dataset: string | null }

function parse(argv: string[], root: string): Options {
  const o: Options = { model: process.env['ENGRAM_MODEL_NAME'] ?? 'all-MiniLM-L6-v2', modelDir: process.env['ENGRAM_MODEL_DIR'] ?? null, conversations: [], queries: 200, dataset: defaultDataset(root) };
  // --model replaces the environment's model as a pair (its directory too), so one model's files
  // are never run with another's pooling and prefix.
  if (argv.includes('--model')) o.modelDir = null;
  for (let i = 0; i < argv.length; i += 2) {
    const [a, v] = [argv[i], argv[i + 1]];
    if (a === '--model' && v) o.model = v;
    else if (a === '--model-dir' && v) o.modelDir = resolve(v);
    else if (a === '--conversations' && v) o.conversations = v.split(',').map((s) => s.trim()).filter(Boolean);
    else if (a === '--queries' && Number.isInteger(Number(v)) && Number(v) > 0) o.queries = Number(v);
    else if (a === '--dataset' && v) o.dataset = resolve(v);
    else throw new Error(`bad option ${a}${v ? ` ${v}` : ''}\n${USAGE}`);
  }
  return o;
}

const root = process.cwd();
const opts = parse(process.argv.slice(2), root);
if (opts.dataset === null) throw new Error(`the dev set ../shared/datasets/locomo-dev.json is not there; pass --dataset\n${USAGE}`);
const modelDir = opts.modelDir ?? join(root, '.cache/models', opts.model);
const conversations = loadConversations(opts.dataset, opts.conversations);
const passages = conversations.flatMap((c) => c.turns.map((t) => t.content));
const questions = conversations.flatMap((c) => c.questions.map((q) => q.text)).slice(0, opts.queries);
const git = (cmd: string) => execSync(cmd, { cwd: root, encoding: 'utf8' }).trim();
const loadAtStart = loadavg();

progress(`loading ${opts.model} from ${modelDir}`);
let t = performance.now();
const embedder = await loadEmbeddingProvider({ modelDir, modelName: opts.model });
const loadMs = since(t);
try {
  await embedder.embedQuery('warm up the session once');
  progress(`${passages.length} passages through embedPassages`);
  t = performance.now();
  // The indexer hands the embedder batches of 32 by default (libs/retrieval embedding-indexer).
  for (let i = 0; i < passages.length; i += 32) await embedder.embedPassages(passages.slice(i, i + 32));
  const passageSeconds = since(t) / 1000;
  progress(`${questions.length} queries through embedQuery, one at a time`);
  const latencies: number[] = [];
  for (const q of questions) {
    t = performance.now();
    await embedder.embedQuery(q);
    latencies.push(since(t));
  }
  const result = {
    date: new Date().toISOString(),
    commit: git('git rev-parse --short HEAD'),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.versions.node}`,
    load: { start: loadAtStart.map((x) => Math.round(x * 10) / 10), end: loadavg().map((x) => Math.round(x * 10) / 10) },
    model: embedder.modelName, modelVersion: embedder.modelVersion, modelDir,
    conversations: conversations.map((c) => c.sampleId),
    loadMs: Math.round(loadMs),
    passages: passages.length, passagesPerSecond: Math.round((passages.length / passageSeconds) * 10) / 10,
    queries: summarize(latencies),
  };
  mkdirSync(join(root, '.cache/bench'), { recursive: true });
  const file = join(root, '.cache/bench', `embedder-${result.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(result, null, 2));
  progress(`results in ${file}`);
  process.stdout.write(
    `| model | version | passages/s | query p50 ms | query p95 ms | load ms | load avg start → end |\n| --- | --- | ---: | ---: | ---: | ---: | --- |\n` +
      `| ${result.model} | ${result.modelVersion} | ${result.passagesPerSecond} | ${result.queries.p50} | ${result.queries.p95} | ${result.loadMs} | ${result.load.start.join(' ')} → ${result.load.end.join(' ')} |\n\n` +
      `${result.date}, commit ${result.commit}, ${result.machine}; ${result.passages} turns and ${result.queries.n} questions of ${result.conversations.join(', ')}\n`,
  );
} finally {
  await embedder.close();
}
