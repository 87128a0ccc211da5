import { selectedEngines } from './backend-selection.js';

describe('selectedEngines (ENGRAM_TEST_BACKENDS)', () => {
  it('runs both engines when the variable is unset or empty, as npm test does', () => {
    expect(selectedEngines(undefined)).toEqual(['postgres', 'pglite']);
    expect(selectedEngines('')).toEqual(['postgres', 'pglite']);
    expect(selectedEngines(' , ')).toEqual(['postgres', 'pglite']);
  });

  it('keeps only the named engines, in the usual order', () => {
    expect(selectedEngines('postgres')).toEqual(['postgres']);
    expect(selectedEngines(' pglite ')).toEqual(['pglite']);
    expect(selectedEngines('pglite,postgres')).toEqual(['postgres', 'pglite']);
  });

  it('rejects an unknown engine instead of silently testing less', () => {
    expect(() => selectedEngines('postgres,mysql')).toThrow('"mysql" is not one of postgres, pglite');
  });
});
