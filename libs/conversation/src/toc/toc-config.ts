/**
 * Thresholds of the table of contents (seed 002 TOC-03/TOC-04) and of the default summariser.
 * Every number that shapes a segment or a summary lives here, so a rebuild with other settings is
 * one config change (`ENGRAM_TOC_*` in the environment, see docs/runbook.md).
 */
export interface TocConfig {
  /** A silence longer than this starts a new segment (TOC-03: 30 minutes). */
  segmentGapMinutes: number;
  /** A segment closes before it would exceed this many tokens (TOC-03: 4K). */
  segmentMaxTokens: number;
  /** A segment repeats the previous one's trailing events within this window for continuity (TOC-04: 5 min)... */
  overlapMinutes: number;
  /** ...up to this many tokens (TOC-04: 500). */
  overlapTokens: number;
  /** Bullets per node summary. */
  bulletsPerNode: number;
  /** Keywords per node summary. */
  keywordsPerNode: number;
}

export const DEFAULT_TOC_CONFIG: Readonly<TocConfig> = Object.freeze({
  segmentGapMinutes: 30,
  segmentMaxTokens: 4000,
  overlapMinutes: 5,
  overlapTokens: 500,
  bulletsPerNode: 5,
  keywordsPerNode: 8,
});

/** Defaults overlaid with the given values; nonsense (zero, negative, non-integer) is refused up front. */
export function tocConfig(overrides: Partial<TocConfig> = {}): TocConfig {
  const merged: TocConfig = { ...DEFAULT_TOC_CONFIG };
  for (const [key, value] of Object.entries(overrides) as [keyof TocConfig, number | undefined][]) {
    if (value !== undefined) merged[key] = value;
  }
  for (const [key, value] of Object.entries(merged)) {
    const min = key === 'overlapMinutes' || key === 'overlapTokens' ? 0 : 1;
    if (!Number.isInteger(value) || value < min) throw new RangeError(`TOC setting ${key} must be an integer >= ${min} (got ${value})`);
  }
  return merged;
}
