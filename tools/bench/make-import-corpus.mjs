#!/usr/bin/env node
// Writes N synthetic records in `engram export` JSONL (one version each, varied words, fixed seed)
// for `engram import` benchmarks and tests: node tools/bench/make-import-corpus.mjs 100000 > corpus.jsonl
// A second argument sets the words per record (default 12-31; 200 gives texts past the model's 256 tokens).
import { createHash } from 'node:crypto';

const n = Number(process.argv[2] ?? 1000);
const fixedWords = process.argv[3] ? Number(process.argv[3]) : undefined;
const WORDS = ('deploy pipeline billing shard cache replica index vector gateway schema migration rollback ' +
  'tenant quota latency budget alert rotation backup restore audit token session queue worker cron ' +
  'release canary feature flag contract invoice ledger refund search ranking embedding cluster').split(' ');
const TYPES = ['fact', 'decision', 'preference', 'episode', 'task'];
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const uuid = (i) => {
  const h = createHash('sha256').update(`engram-import-corpus-${i}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const base = Date.parse('2026-01-01T00:00:00Z');
const out = [];
for (let i = 0; i < n; i += 1) {
  const words = Array.from({ length: fixedWords ?? 12 + Math.floor(rand() * 20) }, () => WORDS[Math.floor(rand() * WORDS.length)]);
  const at = new Date(base + i * 60_000).toISOString();
  const version = {
    id: uuid(i), version: 1, type: TYPES[i % TYPES.length], content: `Record ${i}: the ${words.join(' ')}.`,
    metadata: { corpus: 'import-bench', n: i }, tags: [WORDS[i % WORDS.length]], scope: i % 3 === 0 ? 'global' : `project:p${i % 7}`,
    source: { type: 'import-corpus', id: null }, trust: 'import', status: 'active', createdAt: at, updatedAt: at,
    validFrom: at, validTo: null, supersededBy: null, statusReason: null, archived: false, confidence: 0.9, operation: 'create',
  };
  out.push(JSON.stringify({ kind: 'engram.memory', id: version.id, versions: [version] }));
  if (out.length >= 1000) {
    process.stdout.write(`${out.join('\n')}\n`);
    out.length = 0;
  }
}
if (out.length) process.stdout.write(`${out.join('\n')}\n`);
