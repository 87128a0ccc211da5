import { planForRoute, routeQuery } from './route-query.js';

describe(routeQuery.name, () => {
  it.each([
    ['', 'skip'], ['   ', 'skip'], ['thanks!', 'skip'], ['?!', 'skip'], ['ok', 'skip'],
    ['database choice', 'simple'], ['which port does the API listen on', 'simple'],
    ['why did we move off MongoDB', 'multi_hop'], ['what led to the outage in March', 'multi_hop'],
    ['how is the billing service related to the auth rewrite', 'multi_hop'],
    ['give me an overview of the payments project', 'exploratory'], ['what do we know about Kafka', 'exploratory'],
  ])('%p → %s', (q, route) => {
    expect(routeQuery(q)).toBe(route);
  });

  it('plans graph expansion only for multi-hop and a wider net for exploratory queries', () => {
    expect(planForRoute('multi_hop').expandGraph).toBe(true);
    expect(planForRoute('simple')).toEqual({ overFetch: 3, expandGraph: false });
    expect(planForRoute('exploratory').overFetch).toBeGreaterThan(planForRoute('simple').overFetch);
  });
});
