import { lifecycleFromSettings } from '../decision/lifecycle-settings.js';
import { sweepSchedulesOf, sweepTunablesOf } from './sweep-settings.js';

describe('sweep settings', () => {
  it('turns "off" into no schedule and keeps crons as given', () => {
    expect(sweepSchedulesOf({ schedules: { consolidate: 'OFF', archive: '0 4 * * *' } })).toEqual({ consolidate: null, archive: '0 4 * * *' });
    expect(sweepSchedulesOf({})).toEqual({});
  });

  it('passes only the tunables that are set', () => {
    expect(sweepTunablesOf({ dutyCycle: 0.25, schedules: { archive: 'off' } })).toEqual({ dutyCycle: 0.25 });
  });

  it('stays out of the decision config', () => {
    const { config, sweeps } = lifecycleFromSettings({ storageThreshold: 0.4, sweeps: { batchSize: 50 } });
    expect(sweeps).toEqual({ batchSize: 50 });
    expect(config).not.toHaveProperty('sweeps');
    expect(config.storageThreshold).toBe(0.4);
  });
});
