// Real-conversation benchmark of the TOC (issue 21; bundled and started by
// tools/bench/conversations-toc.mjs, `npm run bench:conversations:toc`). Replays the LoCoMo dev
// split through the BUILT MCP server (events.ingest with the sessions' real dates, one project per
// conversation), waits for its background TOC (and event vectors), then measures toc.search and
// recall evidence-in-top-k over categories 1-4, every-turn reachability, the memory-context prompt,
// ingest rate, TOC build time and search latency. Progress on stderr, markdown report on stdout.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { execSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { childEnv, mcpMain, repoRoot } from '../../test/app-process.js';
import { createEmptyNativeDatabase } from './locomo/empty-database.js';
import { loadConversations, type Conversation } from './locomo/dataset.js';
import { askQuestions, ingest, memoryContext, reachability, waitForToc } from './locomo/phases.js';
import { renderConversationReport, type ConversationResult } from './locomo/report.js';
import { progress } from './stats.js';

const USAGE = 'usage: npm run bench:conversations:toc -- [--dataset locomo|realtalk|PATH] [--only conv-26,...] [--k 5] [--no-reach] [--context-tokens 8000] [--server dist/apps/mcp-server/main.js] [--keep-db NAME] [--reuse-db NAME] [--misses FILE.json]';

/** `locomo` and `realtalk` name the shared dev files; anything else is a path. */
const datasetPath = (v: string) => (v === 'locomo' || v === 'realtalk' ? resolve(repoRoot, `../shared/datasets/${v}-dev.json`) : resolve(v));

function parse(argv: string[]) {
  const o = { dataset: resolve(repoRoot, '../shared/datasets/locomo-dev.json'), only: [] as string[], k: 5, reach: true, contextTokens: 8000, server: mcpMain, keepDb: undefined as string | undefined, reuseDb: undefined as string | undefined, misses: undefined as string | undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dataset') o.dataset = datasetPath(String(argv[++i]));
    else if (a === '--only') o.only = String(argv[++i]).split(',');
    else if (a === '--k') o.k = Number(argv[++i]);
    else if (a === '--no-reach') o.reach = false;
    else if (a === '--context-tokens') o.contextTokens = Number(argv[++i]);
    // Another build (e.g. of an older commit) for a before/after run at the same machine load.
    else if (a === '--server') o.server = resolve(String(argv[++i]));
    // A kept database (--keep-db) already holds the conversations: search changes are measured
    // without ingesting and embedding again (ingest and TOC figures of such a run mean nothing).
    else if (a === '--keep-db') o.keepDb = String(argv[++i]);
    else if (a === '--reuse-db') o.reuseDb = String(argv[++i]);
    // Every question's evidence and the turns toc.search found, for reading the misses.
    else if (a === '--misses') o.misses = resolve(String(argv[++i]));
    else throw new Error(`unknown option ${a}\n${USAGE}`);
  }
  if (!existsSync(o.dataset)) throw new Error(`dataset not found: ${o.dataset}\n${USAGE}`);
  if (!Number.isInteger(o.k) || o.k < 1 || o.k > 50) throw new Error(`--k must be 1..50\n${USAGE}`);
  return o;
}

async function runOne(client: Client, db: Parameters<typeof waitForToc>[0], c: Conversation, o: ReturnType<typeof parse>): Promise<ConversationResult> {
  progress(`${c.sampleId}: ingesting ${c.turns.length} turns`);
  const ingestMs = o.reuseDb ? Number.NaN : await ingest(client, c);
  const tocMs = await waitForToc(db, c.project, false);
  const vectorsMs = tocMs + (await waitForToc(db, c.project, true));
  progress(`${c.sampleId}: ingest ${Math.round(ingestMs)} ms, TOC complete ${Math.round(tocMs)} ms later, event vectors ${Math.round(vectorsMs)} ms`);
  const asked = (categories: number[]) => c.questions.filter((q) => categories.includes(q.category) && q.evidence.length > 0);
  const questions = asked([1, 2, 3, 4]);
  const outcomes = await askQuestions(client, c, questions, o.k);
  progress(`${c.sampleId}: ${outcomes.filter((x) => x.tocHit).length}/${outcomes.length} toc.search, ${outcomes.filter((x) => x.recallHit).length} recall`);
  const adversarial = await askQuestions(client, c, asked([5]), o.k);
  const reach = o.reach ? await reachability(client, c, 10) : null;
  const context = await memoryContext(client, c, questions, o.contextTokens);
  return { sampleId: c.sampleId, turns: c.turns.length, sessions: new Set(c.turns.map((t) => t.session)).size, ingestMs, tocMs, vectorsMs, outcomes, adversarial, reach, context };
}

const o = parse(process.argv.slice(2));
if (!existsSync(o.server)) throw new Error(`${o.server} is not built: node tools/build/build.mjs mcp-server`);
const modelDir = process.env['ENGRAM_MODEL_DIR'] ?? join(repoRoot, '.cache/models/all-MiniLM-L6-v2');
const conversations = loadConversations(o.dataset).filter((c) => o.only.length === 0 || o.only.includes(c.sampleId));
// An empty database: the server under test applies its own migrations (another build may have others).
const db = await createEmptyNativeDatabase({ keep: o.keepDb, reuse: o.reuseDb });
const home = mkdtempSync(join(tmpdir(), 'engram-bench-conv-'));
const client = new Client({ name: 'engram-bench-conversations', version: '1.0.0' });
const load = loadavg()[0] ?? 0;
try {
  const env = { DATABASE_URL: db.url, ENGRAM_HOME: home, ENGRAM_MODEL_DIR: modelDir, ENGRAM_LOG_LEVEL: 'warn',
    ENGRAM_CONVERSATION_FORMATION: process.env['ENGRAM_CONVERSATION_FORMATION'] };
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [o.server, '--stdio'], env: childEnv(env), stderr: 'inherit' }));
  // Warm-up: the first calls load the model session.
  await client.callTool({ name: 'memory.search', arguments: { query: 'warm up', top_k: 1 } });
  await db.open();
  const results: ConversationResult[] = [];
  for (const c of conversations) results.push(await runOne(client, db.db() as never, c, o));
  if (o.misses) writeFileSync(o.misses, JSON.stringify({
    questions: results.flatMap((r) => r.outcomes.map((x) => ({
      conv: r.sampleId, q: x.question.question, cat: x.question.category, answer: x.question.answer, evidence: x.question.evidence,
      hit: x.tocHit, recall: x.recallHit, found: x.tocFound }))),
    unreached: results.flatMap((r) => (r.reach?.missed ?? []).map((d) => `${r.sampleId}:${d}`)),
  }, null, 1));
  const commit = execSync('git rev-parse --short HEAD', { cwd: repoRoot, encoding: 'utf8' }).trim();
  process.stdout.write(renderConversationReport({
    dataset: basename(o.dataset),
    date: new Date().toISOString(), commit, k: o.k, contextTokens: o.contextTokens, loadBefore: load, loadAfter: loadavg()[0] ?? 0,
    machine: `${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`,
    formation: process.env['ENGRAM_CONVERSATION_FORMATION'] ?? 'default',
  }, results));
} finally {
  await client.close().catch(() => undefined);
  await db.destroy();
  rmSync(home, { recursive: true, force: true });
}
