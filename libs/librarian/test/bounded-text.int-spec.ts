import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { testBackends } from '../../../tools/test/backends.js';
import { useGateDatabase, user } from './gate-fixtures.js';
import { longestPause } from '../../../tools/test/event-loop-pause.js';

/*
 * Issue 17: `memory.store` of one 99 999-letter word blocked the process for 96 s (the Porter2
 * stemmer is quadratic in a word's length). Layer 1 and Layer 2 text work is now linear and
 * bounded. The longest pause of the event loop during a request is what a concurrent `/health`
 * waits at most, so it is measured with a 1 ms ticker while the request runs.
 */
// The goal is 50 ms; on the shared 2-core CI and dev VMs (load average above 10 while parallel
// suites run) a pause is stretched several times, so the test holds a bound that fails only on a
// real regression (96 s before the fix) and docs/benchmarks.md records the measured pauses.
const MAX_PAUSE_MS = 1_000;

/** About 256 KB of ordinary developer prose: the repository's own ADRs and docs, repeated to size. */
function realisticText(bytes: number): string {
  const dir = path.join(import.meta.dirname, '../../../docs/adr');
  const prose = readdirSync(dir).sort().map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n\n');
  let text = '';
  while (Buffer.byteLength(text) < bytes) text += prose;
  return Buffer.from(text).subarray(0, bytes).toString('utf8').replace(/\uFFFD+$/, '');
}

describe.each(testBackends)('bounded text processing on $name', (backend) => {
  const ctx = useGateDatabase(backend);

  it('stores one 100 KB word without stalling the event loop', async () => {
    await ctx.gate.submit({ op: 'create', type: 'fact', content: 'warm-up write', scope: 'project:long' }, user);
    const { result, pauseMs, totalMs } = await longestPause(() =>
      ctx.gate.submit({ op: 'create', type: 'fact', content: 'q'.repeat(99_999), scope: 'project:long' }, user));
    process.stdout.write(`${backend.name}: 100 KB word in ${totalMs.toFixed(0)} ms, longest event-loop pause ${pauseMs.toFixed(0)} ms\n`);
    expect(result.status).toBe('committed');
    expect(pauseMs).toBeLessThan(MAX_PAUSE_MS);
    expect(totalMs).toBeLessThan(10_000);
  });

  it('stores 256 KB of realistic text without stalling the event loop', async () => {
    const content = realisticText(255 * 1024);
    const { result, pauseMs, totalMs } = await longestPause(() => ctx.gate.submit({ op: 'create', type: 'fact', content, scope: 'project:long' }, user));
    process.stdout.write(`${backend.name}: 256 KB text in ${totalMs.toFixed(0)} ms, longest event-loop pause ${pauseMs.toFixed(0)} ms\n`);
    expect(['committed', 'rejected', 'pending']).toContain(result.status);
    expect(result.code ?? '').not.toBe('TOO_LARGE');
    // PGlite runs its SQL in a worker thread (ADR-0035), so indexing 256 KB there no longer pauses
    // this loop; both engines hold the same bound (libs/infra/test/pglite-off-thread.int-spec.ts
    // checks the thread structurally, without a clock).
    expect(pauseMs).toBeLessThan(MAX_PAUSE_MS);
    expect(totalMs).toBeLessThan(20_000);
  });
});
