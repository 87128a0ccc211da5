// `npm run bench:write [-- --size N] [--concurrency N] [--pglite] [--keep]`: the write path alone
// (issue 2's >= 500 memories/s target): corpus memories through gate.submit create into a fresh
// database, the rate of every 10k block, then the gate profile (1 000 sequential writes with a
// per-statement breakdown) at the final size. Same corpus, gate and statistics upkeep as the main
// benchmark's write phase, without the indexer, search and server phases (minutes, not an hour).
import { loadavg } from 'node:os';
import { createEmbeddedDatabase, createNativeDatabase } from './databases.js';
import { profileGate } from './profile-phase.js';
import { cpuSplit, progress } from './stats.js';
import { benchGate, keepStatistics, writeRange } from './write-phase.js';

function argValue(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${flag} needs a positive integer`);
  return v;
}

const SEED = 42;
const size = argValue('--size', 30_000);
const concurrency = argValue('--concurrency', 8);
const pglite = process.argv.includes('--pglite');
const blockSize = Math.min(10_000, size);

const db = pglite ? await createEmbeddedDatabase() : await createNativeDatabase();
try {
  progress(`${db.name}: writing ${size} memories, ${concurrency} in flight (load average ${loadavg()[0]?.toFixed(2)})`);
  const { result: write, line: cpu } = await cpuSplit(size, () => writeRange(benchGate(db.handle), SEED, 0, size, concurrency, blockSize, keepStatistics(db.handle)));
  const profile = db.url ? await profileGate(db.url, SEED, size, 1000) : undefined;
  console.log(`## Write path, ${db.name}, ${new Date().toISOString()}\n`);
  console.log(`${size} memories in ${write.seconds} s: **${write.perSecond}/s** (blocks of ${blockSize}: ${write.blocks.map((b) => b.perSecond).join(', ')}); `
    + `per request p50/p95 ${write.latencyMs.p50}/${write.latencyMs.p95} ms; statuses ${JSON.stringify(write.statuses)}; load average ${loadavg()[0]?.toFixed(2)}`);
  console.log(`\n${cpu} (memories)`);
  if (profile) {
    console.log(`\nGate profile at ${size} (sequential): ${profile.msPerRequest} ms per request, ${profile.statementsPerRequest} statements, SQL ${profile.sqlMsPerRequest} ms\n`);
    for (const s of profile.statements.slice(0, 6)) console.log(`- ${s.msPerRequest} ms (${s.calls} calls): ${s.sql}`);
  }
} finally {
  await db.destroy();
}
