import { sql } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';
import type { DatabaseHandle } from '../src/index.js';

/*
 * Migration 20261126T030000000Z rewrote three SQL functions in PL/pgSQL without rebuilding the
 * indexes and the generated column built with them (ADR-0018). That is only sound if they return
 * exactly what the SQL they replaced returned; these are those SQL bodies, inline.
 */
const TEXTS = [
  'The billing-api retries webhooks 3 times, never more (SEC-5667, 2026-11-25)',
  "Don't cache tokens; they'll expire at 09:00 — café naïve ÉCOLE",
  '',
  '   ',
  'a an the of',
];
// Each case is one array of tags (wrapped, so that it.each does not spread it into arguments).
const TAGS: [string[]][] = [[[]], [['one']], [['two words', 'ünïcode', '']], [['a', 'b', 'c']]];

describe.each(testBackends)('Write path functions on $name', (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(() => handle.close());

  it.each(TEXTS)('engram_group_terms returns what its SQL body did for %j', async (text) => {
    const { rows } = await sql<{ fn: string[] | null; body: string[] | null }>`
      SELECT engram_group_terms('fact', 'project:a b', to_tsvector('english', ${text})) AS fn,
        (SELECT array_agg('fact' || ' ' || 'project:a b' || ' ' || lexeme) FROM unnest(tsvector_to_array(to_tsvector('english', ${text}))) AS lexeme) AS body`.execute(handle.db);
    expect(rows[0]?.fn).toEqual(rows[0]?.body);
  });

  it.each(TAGS)('engram_tags_text returns what array_to_string did for %j', async (tags) => {
    const { rows } = await sql<{ fn: string; body: string }>`
      SELECT engram_tags_text(${tags}::text[]) AS fn, array_to_string(${tags}::text[], ' ') AS body`.execute(handle.db);
    expect(rows[0]?.fn).toBe(rows[0]?.body);
  });

  it('collects no statistics that no query reads', async () => {
    const { rows } = await sql<{ attname: string; attstattarget: number }>`
      SELECT a.attname, a.attstattarget FROM pg_attribute a
      WHERE a.attrelid IN ('memories'::regclass, 'memories_group_terms_idx'::regclass) AND a.attnum > 0 AND a.attstattarget = 0
      ORDER BY a.attname`.execute(handle.db);
    expect(rows.map((r) => r.attname)).toEqual(['content', 'embedding', 'engram_group_terms', 'metadata']);
  });
});
