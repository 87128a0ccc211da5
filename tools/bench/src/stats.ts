// Small timing helpers shared by the phases.
import { machineBusySeconds } from '../proc-stat.mjs';

/** Milliseconds since `start` (from performance.now()). */
export const since = (start: number): number => performance.now() - start;

/** The q-quantile (0..1) of `xs` by nearest rank; NaN for an empty list. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

/** p50 / p95 / p99 / mean / max in ms, rounded for the report. */
export function summarize(xs: readonly number[]): { n: number; p50: number; p95: number; p99: number; mean: number; max: number } {
  const r = (x: number) => Math.round(x * 10) / 10;
  const mean = xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  return { n: xs.length, p50: r(quantile(xs, 0.5)), p95: r(quantile(xs, 0.95)), p99: r(quantile(xs, 0.99)), mean: r(mean), max: r(Math.max(...xs)) };
}

/** Runs `task(i)` for i in [from, to) with at most `concurrency` in flight. */
export async function runPool(from: number, to: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = from;
  const worker = async () => {
    while (next < to) {
      const i = next++;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/** Progress line on stderr (stdout stays clean for the final report). */
export function progress(message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** Resident set size of this process in MiB. */
export const rssMiB = (): number => Math.round(process.memoryUsage().rss / 1048576);

/**
 * Runs `work` and says where the machine's CPU went meanwhile, in ms per item: this process (the
 * gate, and on PGlite the database too) and the rest (on native, the Postgres backends). On a
 * 2-core machine, 2,000 ms divided by their sum is the rate the CPU allows.
 */
export async function cpuSplit<T>(items: number, work: () => Promise<T>): Promise<{ result: T; line: string }> {
  const own = process.cpuUsage();
  const machine = machineBusySeconds();
  const result = await work();
  const used = process.cpuUsage(own);
  const ownSeconds = (used.user + used.system) / 1e6;
  const rest = machineBusySeconds() - machine - ownSeconds;
  const per = (s: number) => ((s * 1000) / items).toFixed(2);
  return { result, line: `CPU per item: this process ${per(ownSeconds)} ms, the rest of the machine ${per(rest)} ms` };
}
