import { ancestorsOfDay, bucketFromId } from './time-buckets.js';

/**
 * The units of a build run, in the order they must run: every dirty day (segments + day node),
 * then each affected week, month and year, each after all of its children. Sorted, so the same
 * dirty set always gives the same plan.
 */
export function planUnits(dayIds: readonly string[]): string[] {
  const days = [...new Set(dayIds)].sort();
  const weeks = new Set<string>();
  const months = new Set<string>();
  const years = new Set<string>();
  for (const d of days) {
    const [week, month, year] = ancestorsOfDay(bucketFromId(d).start);
    weeks.add(week!.nodeId);
    months.add(month!.nodeId);
    years.add(year!.nodeId);
  }
  return [...days, ...[...weeks].sort(), ...[...months].sort(), ...[...years].sort()];
}
