import type { DatabaseHandle } from '@engram/infra';
import { createSearchService, type SearchQuery, type SearchService } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord, type RecordSeed } from './fixtures.js';

/*
 * The bounds of search's shared WHERE (queries/visibility.filter.ts), each at its edge: which
 * bound is inclusive is what a caller paging by date, or asking for records valid "now", relies
 * on. Keyword search only (no model) and a pinned clock, so every edge is exact.
 */

const DAY = 86_400_000;
const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

describe.each(testBackends)('search visibility bounds ($name)', (backend) => {
  let handle: DatabaseHandle;
  let sut: SearchService;
  const ids: Record<string, string> = {};
  const scope = 'project:lighthouse';
  const seed = async (key: string, content: string, extra: Partial<RecordSeed> = {}) => {
    ids[key] = await seedRecord(handle.db, { content, scope, createdAt: at(-30), ...extra });
  };
  const found = async (q: Partial<SearchQuery> = {}) =>
    (await sut.search({ text: 'lighthouse lamp', mode: 'keyword', scopes: [scope], topK: 50, ...q })).results.map((r) => r.record.id);

  beforeAll(async () => {
    handle = await backend.open();
    await seed('sure', 'The lighthouse lamp is a 1000 W halogen.', { confidence: 0.9 });
    await seed('half', 'The lighthouse lamp was replaced in spring.', { confidence: 0.5 });
    await seed('created10', 'The lighthouse lamp log starts here.', { createdAt: at(-10) });
    await seed('created5', 'The lighthouse lamp lens was polished.', { createdAt: at(-5) });
    await seed('startsNow', 'The lighthouse lamp timer starts today.', { validFrom: NOW });
    await seed('startsLater', 'The lighthouse lamp upgrade starts later.', { validFrom: new Date(NOW.getTime() + 1) });
    await seed('endsNow', 'The lighthouse lamp warranty ends today.', { validFrom: at(-30), validTo: NOW });
    await seed('endsLater', 'The lighthouse lamp lease ends later.', { validFrom: at(-30), validTo: new Date(NOW.getTime() + 1) });
    sut = createSearchService({ db: handle.db, embedder: null, clock: () => NOW });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('keeps records whose confidence reaches minConfidence, the bound included', async () => {
    expect(await found({ minConfidence: 0.5 })).toEqual(expect.arrayContaining([ids.sure, ids.half]));
    const strict = await found({ minConfidence: 0.51 });
    expect(strict).toContain(ids.sure);
    expect(strict).not.toContain(ids.half);
    expect(await found()).toContain(ids.half);
  });

  it('reads created_at as a half-open window: from createdAfter included, up to createdBefore excluded', async () => {
    const window = await found({ createdAfter: at(-10), createdBefore: at(-5) });
    expect(window).toEqual([ids.created10]);
    expect(await found({ createdAfter: at(-5), createdBefore: at(-4) })).toEqual([ids.created5]);
    expect(await found({ createdAfter: at(-10) })).toEqual(expect.arrayContaining([ids.created10, ids.created5]));
    expect(await found({ createdAfter: at(-10) })).not.toContain(ids.sure);
    expect(await found({ createdBefore: at(-10) })).not.toContain(ids.created10);
    expect(await found({ createdBefore: at(-10) })).toContain(ids.sure);
  });

  it('returns a record from the first instant of its validity up to, not including, its end', async () => {
    const now = await found();
    expect(now).toContain(ids.startsNow);
    expect(now).not.toContain(ids.startsLater);
    expect(now).not.toContain(ids.endsNow);
    expect(now).toContain(ids.endsLater);
  });

  it('reads the records of a date the query names, however they rank, from the first instant of that day', async () => {
    const day = new Date('2026-02-14T00:00:00.000Z');
    await seed('valentine', 'Keeper notes: lighthouse lamp checked.', { scope: 'project:dated', createdAt: day });
    await seed('nextDay', 'Keeper notes: lighthouse lamp checked again.', { scope: 'project:dated', createdAt: at(-14.5) });
    for (const [i, w] of ['bright', 'dim', 'warm'].entries()) {
      await seed(`strong${i}`, `Lighthouse lamp, lighthouse lamp: the ${w} lighthouse lamp.`, { scope: 'project:dated', createdAt: at(-1) });
    }
    const res = await sut.search({ text: 'lighthouse lamp on February 14, 2026', mode: 'keyword', scopes: ['project:dated'], topK: 2 });
    const got = res.results.map((r) => r.record.id);
    expect(got[0]).toBe(ids.valentine);
    expect(got).not.toContain(ids.nextDay);
  });
});
