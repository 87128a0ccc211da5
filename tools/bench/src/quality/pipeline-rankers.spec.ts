import { PIPELINE_VARIANTS } from './pipeline-rankers.js';

describe('PIPELINE_VARIANTS', () => {
  it('has unique names and covers the three modes with the default signals', () => {
    const names = PIPELINE_VARIANTS.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const mode of ['vector', 'keyword', 'hybrid'] as const) {
      expect(PIPELINE_VARIANTS.find((v) => v.name === `retrieve:${mode}`)?.settings).toEqual({ mode });
    }
  });

  it('changes exactly one setting of its mode\'s default in every ablation, so each row isolates one effect', () => {
    const ablations = PIPELINE_VARIANTS.filter((x) => !['retrieve:vector', 'retrieve:keyword', 'retrieve:hybrid'].includes(x.name));
    expect(ablations.length).toBeGreaterThan(0);
    for (const v of ablations) {
      const { mode, ...changed } = v.settings;
      expect(mode).toBeDefined();
      expect(Object.keys(changed)).toHaveLength(1);
    }
  });
});
