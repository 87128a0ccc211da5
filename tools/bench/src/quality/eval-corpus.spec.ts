import { buildEvalSet } from './eval-corpus.js';

describe('the evaluation set', () => {
  const set = buildEvalSet(7);

  it('is deterministic for a seed and differs for another', () => {
    expect(buildEvalSet(7)).toEqual(set);
    expect(buildEvalSet(8).events.map((e) => ('record' in e ? e.record.content : e.reason))).not.toEqual(set.events.map((e) => ('record' in e ? e.record.content : e.reason)));
  });

  it('has 100+ labelled queries, each with a relevant record', () => {
    expect(set.queries.length).toBeGreaterThanOrEqual(100);
    for (const q of set.queries) expect(Object.keys(q.relevant).length).toBeGreaterThan(0);
  });

  it('covers supersessions, expiries, retractions, contradictions, cross-scope look-alikes and multi-hop evidence', () => {
    const ops = set.events.map((e) => e.op);
    expect(ops.filter((o) => o === 'supersede').length).toBeGreaterThanOrEqual(30);
    expect(ops.filter((o) => o === 'invalidate').length).toBeGreaterThanOrEqual(5);
    const why = set.queries.flatMap((q) => q.forbidden.map((f) => f.why));
    for (const reason of ['superseded', 'expired', 'invalidated', 'other_scope'] as const) expect(why).toContain(reason);
    const categories = new Set(set.queries.map((q) => q.category));
    for (const c of ['fact-chain', 'multi-hop', 'expiry', 'retraction', 'contradiction', 'cross-scope', 'preference', 'skill', 'episode']) expect(categories).toContain(c);
    const types = new Set(set.events.flatMap((e) => ('record' in e ? [e.record.type] : [])));
    expect(types).toEqual(new Set(['decision', 'belief', 'fact', 'episode', 'skill', 'preference']));
  });

  it('writes in date order, and every write refers only to records written before it', () => {
    const seen = new Set<string>();
    let last = '';
    for (const e of set.events) {
      expect(e.at >= last).toBe(true);
      last = e.at;
      if (e.op !== 'create') expect(seen.has(e.target)).toBe(true);
      if ('record' in e) for (const l of e.record.links ?? []) expect(seen.has(l.targetKey)).toBe(true);
      if (e.op !== 'invalidate') seen.add(e.key);
    }
  });

  it('spans several months and several scopes', () => {
    const months = new Set(set.events.map((e) => e.at.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
    const scopes = new Set(set.events.flatMap((e) => ('record' in e ? [e.record.scope] : [])));
    expect(scopes.size).toBeGreaterThanOrEqual(7);
  });
});
