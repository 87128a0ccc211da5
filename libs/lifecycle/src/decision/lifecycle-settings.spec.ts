import { DEFAULT_DECISION_CONFIG } from './decision-config.js';
import { lifecycleFromSettings } from './lifecycle-settings.js';

describe('lifecycle settings: one half-life per memory type (ADR-0014)', () => {
  it('gives each category half-life to the memory type that category maps to, and only the ones set', () => {
    const { typeOverrides } = lifecycleFromSettings({ halfLives: { pattern: 400, conversation: undefined, task: 3 } });
    expect(typeOverrides).toEqual({ skill: { halfLifeDays: 400 }, task: { halfLifeDays: 3 } });
  });

  it('follows a category mapped to another type', () => {
    const { typeOverrides, config } = lifecycleFromSettings({ categoryTypes: { episodic: 'note' }, halfLives: { episodic: 21 } });
    expect(config.categoryTypes.episodic).toBe('note');
    expect(typeOverrides).toEqual({ note: { halfLifeDays: 21 } });
  });

  it('defaults to no overrides, no sweep settings, conversation formation off and the default config', () => {
    expect(lifecycleFromSettings()).toEqual({ config: DEFAULT_DECISION_CONFIG, typeOverrides: {}, sweeps: {}, conversationFormation: false });
    expect(lifecycleFromSettings({ conversationFormation: true }).conversationFormation).toBe(true);
  });
});
