import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'engram-lifecycle-config-'));

describe('lifecycle config section (seed 003 Appendix B)', () => {
  it('is absent by default (the seed defaults apply)', () => {
    const home = tmp();
    expect(loadConfig({ env: { ENGRAM_HOME: home }, cwd: home }).lifecycle).toBeUndefined();
  });

  it('layers file < env, nested objects field by field', () => {
    const home = tmp();
    writeFileSync(path.join(home, 'config.yaml'), 'lifecycle:\n  storageThreshold: 0.5\n  weights:\n    recency: 0.5\n  halfLives:\n    task: 10\n');
    const c = loadConfig({ env: { ENGRAM_HOME: home, ENGRAM_STORAGE_THRESHOLD: '0.45', ENGRAM_DECAY_HALFLIFE_PATTERN: '30', ENGRAM_LEARNING_ENABLED: 'false' }, cwd: home });
    expect(c.lifecycle).toEqual({ storageThreshold: 0.45, weights: { recency: 0.5 }, halfLives: { task: 10, pattern: 30 }, learning: { enabled: false } });
  });

  it('rejects unknown keys and bad values with a clear error', () => {
    const home = tmp();
    writeFileSync(path.join(home, 'config.yaml'), 'lifecycle:\n  storageTreshold: 0.5\n');
    expect(() => loadConfig({ env: { ENGRAM_HOME: home }, cwd: home })).toThrow(/lifecycle/);
    const home2 = tmp();
    expect(() => loadConfig({ env: { ENGRAM_HOME: home2, ENGRAM_STORAGE_THRESHOLD: 'high' }, cwd: home2 })).toThrow(/ENGRAM_STORAGE_THRESHOLD/);
    expect(() => loadConfig({ env: { ENGRAM_HOME: home2, ENGRAM_CONVERSATION_FORMATION: 'maybe' }, cwd: home2 })).toThrow(/ENGRAM_CONVERSATION_FORMATION/);
  });

  it('turns conversation formation on from the environment (off unless asked)', () => {
    const home = tmp();
    expect(loadConfig({ env: { ENGRAM_HOME: home, ENGRAM_CONVERSATION_FORMATION: 'on' }, cwd: home }).lifecycle).toEqual({ conversationFormation: true });
  });
});
