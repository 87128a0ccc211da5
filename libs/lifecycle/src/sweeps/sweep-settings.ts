import type { SweepName } from './sweep-runs.table.js';

/** The `lifecycle.sweeps` config section (ADR-0015); absent keys keep the defaults. */
export interface SweepSettings {
  archiveThreshold?: number;
  batchSize?: number;
  pauseMs?: number;
  dutyCycle?: number;
  /** Cron (UTC) per sweep, or "off" to not schedule it in this deployment. */
  schedules?: Partial<Record<SweepName, string>>;
}

/** The schedules to register: a cron, null for "off", undefined for the default. */
export function sweepSchedulesOf(settings: SweepSettings): Partial<Record<SweepName, string | null>> {
  return Object.fromEntries(Object.entries(settings.schedules ?? {}).map(([k, v]) => [k, v.trim().toLowerCase() === 'off' ? null : v]));
}

/** The throttle and threshold overrides, without undefined keys. */
export function sweepTunablesOf(settings: SweepSettings): { archiveThreshold?: number; batchSize?: number; pauseMs?: number; dutyCycle?: number } {
  const { schedules: _schedules, ...rest } = settings;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}
