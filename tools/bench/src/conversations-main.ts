// Real-conversation retrieval benchmark (issue 16; `npm run bench:conversations`): stores the
// LoCoMo dev conversations through the built MCP server's public tools over Streamable HTTP (one
// scope per conversation, one `episode` per turn), waits for the embeddings, asks every question
// through memory.search (each mode), memory.retrieve and recall, and prints turn-level recall and
// MRR per category plus per-tool latency. Progress on stderr, markdown on stdout, JSON in .cache/bench.
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { basename, join } from 'node:path';
import { loadConversations } from './conversations/dataset.js';
import { RETRIEVERS, evaluateConversation, type RetrieverRun } from './conversations/evaluate.js';
import { indexStoredConversation, loadConversation, scopeOf, SHARED_SCOPE, waitForEmbeddings, type TurnIndex } from './conversations/load-turns.js';
import { openMcpSession } from './conversations/mcp-session.js';
import { parseOptions, USAGE } from './conversations/options.js';
import { renderConversationsReport, type BackendResult, type ConversationsReport } from './conversations/report.js';
import { progress, since } from './stats.js';

const root = process.cwd();
const opts = parseOptions(process.argv.slice(2), root);
if (opts.dataset === null) throw new Error(`the dev set ../shared/datasets/locomo-dev.json is not there; pass --dataset\n${USAGE}`);
// --one-scope: one project holding every conversation, the way a developer's scope holds many sessions.
const conversations = loadConversations(opts.dataset, opts.conversations).map((c) => (opts.oneScope ? { ...c, scope: SHARED_SCOPE } : c));
const retrievers = opts.tools.length ? RETRIEVERS.filter((r) => opts.tools.includes(r.name)) : RETRIEVERS;
// --model wins over the environment as a pair: ENGRAM_MODEL_DIR is ignored then, so another
// model's files can never be run with this model's pooling and prefix.
const modelName = opts.model ?? process.env['ENGRAM_MODEL_NAME'];
const envDir = opts.model === null ? process.env['ENGRAM_MODEL_DIR'] : undefined;
const modelDir = opts.modelDir ?? envDir ?? join(root, '.cache/models', modelName ?? 'all-MiniLM-L6-v2');
const git = (cmd: string) => execSync(cmd, { cwd: root, encoding: 'utf8' }).trim();

async function runBackend(backend: 'pglite' | 'postgres'): Promise<BackendResult> {
  const reuse = backend === 'postgres' ? opts.reuseDb : null;
  const session = await openMcpSession(backend, modelDir, modelName, { keep: opts.keepDb && backend === 'postgres', reuse });
  try {
    progress(`${backend}: ${reuse ? `reusing the turns stored in ${reuse}` : `storing ${conversations.reduce((n, c) => n + c.turns.length, 0)} turns through memory.store`}`);
    let t = performance.now();
    const loaded = await Promise.all(conversations.map((c) => (reuse && session.databaseUrl ? indexStoredConversation(session.databaseUrl, c) : loadConversation(session, c))));
    if (opts.keepDb && session.database) progress(`${backend}: keeping database ${session.database} (--reuse-db ${session.database})`);
    const loadSeconds = Math.round(since(t) / 100) / 10;
    t = performance.now();
    await waitForEmbeddings(session, [...new Set(conversations.map(scopeOf))]);
    const embedSeconds = Math.round(since(t) / 100) / 10;
    const runs = new Map<string, RetrieverRun>();
    for (const [i, c] of conversations.entries()) {
      progress(`${backend}: ${c.sampleId}: ${c.questions.length} questions × ${retrievers.length} tools`);
      await evaluateConversation(session, c, loaded[i]?.index as TurnIndex, retrievers, runs, { depth: opts.depth, keepAnswers: opts.dump });
    }
    return {
      backend, loadSeconds, embedSeconds, runs: Object.fromEntries(runs),
      turns: conversations.reduce((n, c) => n + c.turns.length, 0), refused: loaded.reduce((n, l) => n + l.refused, 0),
      questions: conversations.reduce((n, c) => n + c.questions.length, 0),
    };
  } finally {
    await session.close();
  }
}

const report: ConversationsReport = {
  date: new Date().toISOString(),
  command: `npm run bench:conversations${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  commit: `${git('git rev-parse --short HEAD')}${git('git status --porcelain --untracked-files=no') ? ' (+ uncommitted changes)' : ''}`,
  model: modelName ?? 'all-MiniLM-L6-v2',
  machine: `${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.versions.node}; load average at start ${loadavg().map((x) => x.toFixed(1)).join(' ')} (shared VM)`,
  dataset: basename(opts.dataset),
  conversations: conversations.map((c) => c.sampleId),
  backends: [],
};
for (const b of opts.backends) report.backends.push(await runBackend(b));
mkdirSync(join(root, '.cache/bench'), { recursive: true });
const file = join(root, '.cache/bench', `conversations-${report.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(report));
progress(`results in ${file}`);
process.stdout.write(renderConversationsReport(report));
