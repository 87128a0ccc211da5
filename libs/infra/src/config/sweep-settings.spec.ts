import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.js';

const homeWith = (yaml: string) => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'engram-sweep-config-'));
  writeFileSync(path.join(home, 'config.yaml'), yaml);
  return home;
};

describe('lifecycle.sweeps config (ADR-0015)', () => {
  it('reads schedules and the throttle from the config file', () => {
    const home = homeWith('lifecycle:\n  sweeps:\n    dutyCycle: 0.25\n    batchSize: 100\n    schedules:\n      consolidate: "off"\n      archive: "0 4 * * *"\n');
    expect(loadConfig({ env: { ENGRAM_HOME: home }, cwd: home }).lifecycle?.sweeps).toEqual({
      dutyCycle: 0.25, batchSize: 100, schedules: { consolidate: 'off', archive: '0 4 * * *' },
    });
  });

  it('rejects out-of-range values and unknown sweeps', () => {
    for (const bad of ['dutyCycle: 0', 'archiveThreshold: 1.5', 'batchSize: 0', 'schedules:\n      defrag: "* * * * *"']) {
      const home = homeWith(`lifecycle:\n  sweeps:\n    ${bad}\n`);
      expect(() => loadConfig({ env: { ENGRAM_HOME: home }, cwd: home })).toThrow(/lifecycle/);
    }
  });
});
