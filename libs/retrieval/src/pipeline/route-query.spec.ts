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

  // Small talk has nothing to look up, however it is punctuated; a word that merely starts like it does.
  it.each([
    'hi', 'Hello!', 'hey', 'thank you', 'thx', 'okay', 'yes', 'no', 'sure', 'cool', 'great!!', 'bye.', 'Good morning',
    'good night', 'good evening?', 'ok ! ?', 'a', '.',
  ])('skips %p', (q) => {
    expect(routeQuery(q)).toBe('skip');
  });

  it.each(['history of the okay button', 'hello world service port', 'yes-or-no flag default', '42'])('looks up %p', (q) => {
    expect(routeQuery(q)).toBe('simple');
  });

  // One query per way of asking how things connect.
  it.each([
    'what broke because of the config change', 'what caused the outage', 'the root cause of the outage',
    'did the migration result in data loss', 'what resulted in the rollback', 'what depends on the auth service',
    'which services depend on Redis', 'the relationship between billing and auth', 'links between the incidents',
    'connection between the queue and the mailer', 'relation between teams', 'how are the queues connected to the mailer',
    'how was the outage linked to the deploy', 'how were the tickets related', 'how does the importer get linked to the scheduler',
    'how did the rewrite get connected', 'what happened after the migration', 'what came before the rewrite',
    'where the pricing model came from', 'which metrics are derived from the events table', 'impact of the cache on latency',
    'does the flag affect search', 'what affected the release', 'what affects latency', 'tell me why the build broke',
  ])('routes %p as multi-hop', (q) => {
    expect(routeQuery(q)).toBe('multi_hop');
  });

  // One query per way of asking for an overview.
  it.each([
    'a summary of the billing project', 'summarise the design notes', 'summarize the design notes', 'everything about onboarding',
    'anything on the mobile app', 'all we know about Kafka', 'all you know about Kafka', 'what do you know about Kafka',
    'what do I know about Kafka', 'list all feature flags', 'show every cron job', 'explore the data model',
    'brainstorm names for the CLI', "what's new in the API", 'what is going on with the release', 'tell me about the team',
  ])('routes %p as exploratory', (q) => {
    expect(routeQuery(q)).toBe('exploratory');
  });

  // Only a whole query of small talk is skipped: leading blanks do not hide it, a trailing "ok" does not make one.
  it('reads small talk after trimming, and only as the whole query', () => {
    expect(routeQuery('  thanks  ')).toBe('skip');
    expect(routeQuery('is the staging deploy ok')).toBe('simple');
    expect(routeQuery('which office is in Delhi')).toBe('simple');
  });

  it('plans graph expansion only for multi-hop and a wider net for exploratory queries', () => {
    expect(planForRoute('multi_hop')).toEqual({ overFetch: 3, expandGraph: true });
    expect(planForRoute('simple')).toEqual({ overFetch: 3, expandGraph: false });
    expect(planForRoute('exploratory')).toEqual({ overFetch: 5, expandGraph: false });
  });
});
