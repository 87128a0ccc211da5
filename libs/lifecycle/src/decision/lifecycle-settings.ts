import type { TypeOverride } from '@engram/memory';
import type { SweepSettings } from '../sweeps/sweep-settings.js';
import { resolveDecisionConfig, type DecayCategory, type DecisionConfig, type DecisionConfigOverrides } from './decision-config.js';

/** The `lifecycle:` config section as the config layer hands it over (infra's LifecycleSettings). */
export type LifecycleSettingsInput = DecisionConfigOverrides & {
  halfLives?: Partial<Record<DecayCategory, number>>;
  sweeps?: SweepSettings;
  /** Judge hook conversation events with the engine (off by default, ADR-0014). */
  conversationFormation?: boolean;
};

/** The lifecycle part of the config, resolved: decision engine, type overrides, sweeps, conversation formation. */
export interface LifecycleSettings {
  config: DecisionConfig;
  typeOverrides: Record<string, TypeOverride>;
  sweeps: SweepSettings;
  conversationFormation: boolean;
}

/**
 * Resolves the decision engine config and the type registry overrides from the config section.
 * Seed half-lives are per category; each becomes the half-life of the memory type the category
 * maps to, so the registry stays the one source of decay for the gate, retrieval, sweeps and the
 * engine (ADR-0014). Throws LifecycleConfigError on invalid values.
 */
export function lifecycleFromSettings(settings: LifecycleSettingsInput = {}): LifecycleSettings {
  // Sweep settings (ADR-0015) are the sweeps' own; they never reach the decision config.
  const { halfLives, sweeps = {}, conversationFormation = false, ...overrides } = settings;
  const config = resolveDecisionConfig(overrides);
  const typeOverrides: Record<string, TypeOverride> = {};
  for (const [category, days] of Object.entries(halfLives ?? {}) as Array<[DecayCategory, number | undefined]>) {
    if (days !== undefined) typeOverrides[config.categoryTypes[category]] = { halfLifeDays: days };
  }
  return { config, typeOverrides, sweeps, conversationFormation };
}
