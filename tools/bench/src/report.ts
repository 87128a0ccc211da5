// Renders the results as the markdown tables of docs/benchmarks.md.
import type { BackendResult } from './backend-run.js';
import type { IsolationResult } from './isolation-phase.js';
import type { BenchOptions } from './options.js';
import type { summarize } from './stats.js';

type Summary = ReturnType<typeof summarize>;

/** The whole run, as saved in .cache/bench/results-*.json. */
export interface BenchReport {
  date: string;
  command: string;
  machine: { cpuModel: string; cores: number; ramGiB: number; node: string; postgres: string; pgvector: string; loadAvgAtStart: number[] };
  options: BenchOptions;
  embedding: { rate: { texts: number; seconds: number; perSecond: number }; query: Summary };
  vectors: { n: number; computeSeconds: number; fromCache: boolean };
  backends: BackendResult[];
  passageCacheMisses: number;
  imports: { backend: string; records: number; seconds: number; perSecond: number; statuses: Record<string, number> }[];
  isolation: IsolationResult;
  totalMinutes: number;
}

const k = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));
const row = (cells: (string | number | undefined)[]) => `| ${cells.map((c) => (c === undefined ? '–' : String(c))).join(' | ')} |`;

function writeTable(r: BenchReport): string[] {
  const out = ['### Write path (gate.submit create, auto-approved types)', '', row(['backend', 'memories', 'concurrency', 'seconds', 'memories/s', 'per-request p50 / p95 ms', 'outcomes', 'rate per 10k block']), row(['---', '---', '---', '---', '---', '---', '---', '---'])];
  for (const b of r.backends) {
    for (const s of b.sizes) {
      const w = s.write;
      out.push(row([b.backend, `${k(w.from)}→${k(w.to)}`, w.concurrency, w.seconds, `**${w.perSecond}**`, `${w.latencyMs.p50} / ${w.latencyMs.p95}`, Object.entries(w.statuses).map(([a, n]) => `${a} ${n}`).join(', '), w.blocks.map((x) => x.perSecond).join(', ')]));
    }
  }
  const atOnce = r.backends.flatMap((b) => b.sizes.map((s) => s.keywordAtOnce));
  out.push('', `Embedding is not inline: right after the writes, before the indexer ran, a keyword search found the newest memory: ${atOnce.every(Boolean) ? 'yes, every time' : 'NO (see JSON)'}.`);
  return out;
}

function profileTable(r: BenchReport): string[] {
  const p = r.backends.find((b) => b.profile)?.profile;
  if (!p) return [];
  const out = ['', `### Where one gate.submit spends its time (native, sequential, ${p.requests} requests at ${k(r.options.sizes.at(-1) ?? 0)} memories)`, '',
    `${p.msPerRequest} ms per request, of which ${p.sqlMsPerRequest} ms in ${p.statementsPerRequest} SQL statements (client-side round-trip time); zod parse ${p.layer1JsMsPerRequest.parse} ms, secret/PII scan ${p.layer1JsMsPerRequest.scan} ms.`, '',
    row(['statement', 'calls', 'ms per request']), row(['---', '---', '---'])];
  for (const s of p.statements) out.push(row([`\`${s.sql.replace(/\|/g, '\\|')}\``, s.calls, s.msPerRequest]));
  return out;
}

function searchTable(r: BenchReport): string[] {
  const out = ['', '### memory.search latency (query embedding included; scopes global + one project; topK 10)', '', row(['backend', 'memories', 'statistics', 'mode', 'queries', 'p50 ms', 'p95 ms', 'p99 ms', 'results/query']), row(['---', '---', '---', '---', '---', '---', '---', '---', '---'])];
  for (const b of r.backends) for (const s of b.sizes) for (const m of s.search) {
    const stats = s.analyzeSeconds === undefined ? 'as left by the engine' : `VACUUM ANALYZE (${s.analyzeSeconds} s)`;
    out.push(row([b.backend, k(s.size), stats, m.mode, m.latencyMs.n, m.latencyMs.p50, `**${m.latencyMs.p95}**`, m.latencyMs.p99, m.meanResults]));
  }
  return out;
}

function embeddingTables(r: BenchReport): string[] {
  const out = ['', '### Embedding', '', row(['model', 'passages/s (batches of 32)', 'embedQuery p50 / p95 ms']), row(['---', '---', '---']),
    row([r.options.modelName, `**${r.embedding.rate.perSecond}**`, `${r.embedding.query.p50} / ${r.embedding.query.p95}`]),
    row(['bge-small-en-v1.5', 'not measured: its ONNX export is not obtainable here (ADR-0005)', '–']),
    '', `Corpus vectors (${k(r.vectors.n)}): ${r.vectors.computeSeconds} s to compute${r.vectors.fromCache ? ' (in the run that filled .cache/bench; reused by this run)' : ' (this run)'}. Indexer cache misses: ${r.passageCacheMisses}.`,
    '', row(['backend', 'memories', 'indexer: vectors written', 'seconds', 'vectors/s', 'HNSW REINDEX s']), row(['---', '---', '---', '---', '---', '---'])];
  for (const b of r.backends) for (const s of b.sizes) out.push(row([b.backend, k(s.size), s.index.embedded, s.index.seconds, s.index.perSecond, s.hnswRebuildSeconds]));
  return out;
}

function resourceTables(r: BenchReport): string[] {
  const out = ['', '### Memory (RSS) and size', '', row(['backend', 'memories', 'database MiB', 'bench process RSS MiB after search', 'load avg 1m']), row(['---', '---', '---', '---', '---'])];
  for (const b of r.backends) for (const s of b.sizes) out.push(row([b.backend, k(s.size), s.databaseMiB, s.rssAfterSearchMiB, s.loadAvg1m]));
  for (const b of r.backends) {
    if (!b.mcpServer) continue;
    out.push('', b.mcpServer.measured
      ? `MCP server (\`dist/apps/mcp-server/main.js --http\`, ${b.backend}, ${k(b.sizes.at(-1)?.size ?? 0)} memories): **${b.mcpServer.rssMiB} MiB** RSS after ${b.mcpServer.searches} memory.search calls over HTTP (${b.mcpServer.rssAfterStartMiB} MiB after start; call p50 / p95 ${b.mcpServer.searchLatencyMs.p50} / ${b.mcpServer.searchLatencyMs.p95} ms).`
      : `MCP server: ${b.mcpServer.reason}`);
  }
  for (const b of r.backends) {
    const a = b.a2aServer;
    if (!a) continue;
    out.push('', `### A2A server (message/send, recall skill, official SDK client over JSON-RPC, ${b.backend})`, '');
    if (!a.measured) {
      out.push(`Not measured: ${a.reason}`);
      continue;
    }
    out.push(row(['memories', 'load', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'throughput']), row(['---', '---', '---', '---', '---', '---', '---']),
      row([k(a.memories), '1 client, sequential', a.sequential.n, a.sequential.p50, `**${a.sequential.p95}**`, a.sequential.p99, '–']),
      row([k(a.memories), `${a.clients} concurrent clients`, a.requests, a.underLoad.p50, a.underLoad.p95, a.underLoad.p99, `**${a.perSecond} requests/s**`]));
  }
  out.push('', '### Bulk import (gate op import, exported JSONL records into a fresh database)', '', row(['backend', 'records', 'seconds', 'records/s', 'outcomes']), row(['---', '---', '---', '---', '---']));
  for (const i of r.imports) out.push(row([i.backend, i.records, i.seconds, `**${i.perSecond}**`, Object.entries(i.statuses).map(([a, n]) => `${a} ${n}`).join(', ')]));
  const iso = r.isolation;
  out.push('', '### Test database isolation (CONVENTIONS C12)', '', row(['fresh test database', 'p50 ms', 'p95 ms', 'max ms']), row(['---', '---', '---', '---']),
    row([`native: CREATE DATABASE … TEMPLATE (migrated template) + open`, iso.postgresCloneMs.p50, iso.postgresCloneMs.p95, iso.postgresCloneMs.max]),
    row([`PGlite: new in-memory instance + migrateToLatest`, iso.pgliteCreateMigrateMs.p50, iso.pgliteCreateMigrateMs.p95, iso.pgliteCreateMigrateMs.max]),
    '', `Migrating the native template once: ${iso.templateMigrateMs} ms.`);
  return out;
}

/** Markdown: machine, command, one table per metric. */
export function renderReport(r: BenchReport): string {
  const m = r.machine;
  const head = [`## Run of ${r.date.slice(0, 10)}`, '', `- Machine: ${m.cores} cores (${m.cpuModel}), ${m.ramGiB} GiB RAM; Node ${m.node}; PostgreSQL ${m.postgres}; pgvector ${m.pgvector}; load average at start ${m.loadAvgAtStart.join(' / ')}`,
    `- Command: \`${r.command}\` (total ${r.totalMinutes} min)`, ''];
  return [...head, ...writeTable(r), ...profileTable(r), ...embeddingTables(r), ...searchTable(r), ...resourceTables(r), ''].join('\n');
}
