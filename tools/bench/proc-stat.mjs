// Busy CPU of the whole machine, shared by the plain-node runners (bulk.mjs) and the bundled
// phases (src/stats.ts): where a rate's CPU went, next to the CPU of the process being measured.
import { readFileSync } from 'node:fs';

/** USER_HZ: /proc/stat counts in hundredths of a second on Linux. */
const TICKS_PER_SECOND = 100;

/** Busy CPU seconds of the whole machine so far (Linux /proc/stat: all but idle and iowait). */
export function machineBusySeconds() {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  return (fields.reduce((a, b) => a + b, 0) - (fields[3] ?? 0) - (fields[4] ?? 0)) / TICKS_PER_SECOND;
}

/** CPU seconds of this process's children that have exited and been waited for (Linux /proc/self/stat). */
export function childrenCpuSeconds() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}
