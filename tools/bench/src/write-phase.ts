// Phase 1: the write path. Every memory goes through gate.submit({ op: 'create' }) exactly as
// the MCP tool memory.store sends it; the vector is NOT computed inline (the indexer does it later).
import { createGate, type Actor, type Gate } from '@engram/librarian';
import { createTypeRegistry } from '@engram/memory';
import { refreshStatistics, vacuumDeadRows, type DatabaseHandle } from '@engram/infra';
import { memoryAt } from './corpus.js';
import { progress, runPool, since, summarize } from './stats.js';

/**
 * A gate for a bulk writer. The only non-default setting: the per-actor token bucket
 * (default 120 burst, 2/s) is raised, as an operator would for a trusted bulk writer, because
 * the benchmark measures what the gate and the database can do, not the rate limiter.
 */
export function benchGate(handle: DatabaseHandle): Gate {
  return createGate({
    db: handle.db,
    registry: createTypeRegistry(),
    limits: { rate: { capacity: 1e9, refillPerSecond: 1e9 } },
  });
}

/** The agent that writes memory i (seven agents, spread over the projects by the corpus). */
function actorFor(i: number): Actor {
  return { id: `agent-${i % 7}`, kind: 'agent' };
}

/** Result of writing a range of the corpus. */
export interface WriteResult {
  from: number;
  to: number;
  concurrency: number;
  seconds: number;
  perSecond: number;
  statuses: Record<string, number>;
  latencyMs: ReturnType<typeof summarize>;
  /** Rate of each successive block of `blockSize` writes, to show how cost grows with size. */
  blocks: { upTo: number; perSecond: number }[];
}

/**
 * Planner statistics and dead rows during the writes, as a real deployment has them: autovacuum's
 * analyze and vacuum on a default server (both are off on this machine's), the server's statistics
 * timer on PGlite (runtime/background.ts). Both come down to refreshStatistics (ANALYZE when a
 * table grew by 10 %) and vacuumDeadRows (VACUUM of the statistics tables past autovacuum's
 * trigger), called here every 2 000 writes. Without the vacuum, every write leaves about fourteen
 * dead statistics rows: at 300k memories 4.6 M of them, and the write rate fell from ~500/s to
 * ~150/s (2026-11-28, other work running too), a cost no deployment with autovacuum (or embedded
 * engram) pays.
 */
export function keepStatistics(handle: DatabaseHandle): () => Promise<unknown> {
  return async () => {
    await refreshStatistics(handle.db);
    await vacuumDeadRows(handle.db);
  };
}

/** Writes corpus memories [from, to) through the gate with `concurrency` requests in flight. */
export async function writeRange(
  gate: Gate, seed: number, from: number, to: number, concurrency: number, blockSize = 10_000, maintain?: () => Promise<unknown>,
): Promise<WriteResult> {
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const blocks: { upTo: number; perSecond: number }[] = [];
  const start = performance.now();
  let blockStart = start;
  let done = 0;
  await runPool(from, to, concurrency, async (i) => {
    const spec = memoryAt(seed, i);
    const t0 = performance.now();
    const out = await gate.submit({ op: 'create', ...spec }, actorFor(i));
    latencies.push(since(t0));
    statuses[out.status] = (statuses[out.status] ?? 0) + 1;
    if (out.status === 'rejected') throw new Error(`gate rejected corpus memory ${i}: ${out.reason}`);
    done += 1;
    if ((from + done) % blockSize === 0) {
      const rate = blockSize / (since(blockStart) / 1000);
      blocks.push({ upTo: from + done, perSecond: Math.round(rate) });
      blockStart = performance.now();
    }
    if (done % 2000 === 0) {
      progress(`  wrote ${from + done}/${to} (${Math.round(done / (since(start) / 1000))}/s)`);
      await maintain?.();
    }
  });
  const seconds = since(start) / 1000;
  return { from, to, concurrency, seconds: Math.round(seconds * 10) / 10, perSecond: Math.round((to - from) / seconds), statuses, latencyMs: summarize(latencies), blocks };
}
