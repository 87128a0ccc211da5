import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { testBackends } from '../../../tools/test/backends.js';
import { isNegation, tokenSet } from '../src/similarity.js';

// engram_is_negated (SQL, migration 20261123T190100000Z) narrows Layer 2's conflict search to the
// negated records of a group. It must say "negated" for every text the gate's own tokenSet sees a
// negation in; saying it for a few more texts only costs a row.
const NEGATION_WORDS = ['not', 'no', 'never', 'cannot', 'avoid', 'without', 'neither', 'nor', 'dont', 'doesnt', 'isnt', 'arent', 'wasnt', 'cant', 'wont', 'shouldnt'];
const CONTRACTIONS = ["don't", 'don’t', "doesn't", "isn't", "aren't", "wasn't", "can't", "won't", 'shouldn’t'];
const SHAPES = [(w: string) => `${w} deploy on Fridays`, (w: string) => `We ${w} deploy.`, (w: string) => `deploy? ${w}!`, (w: string) => `(${w})`,
  (w: string) => `"${w.toUpperCase()}" — said ops`, (w: string) => `x-${w}-y`, (w: string) => `${w}\nnewline`, (w: string) => `${w}_underscore`];
const NOT_NEGATED = ['We deploy on Fridays', 'nothing to note here', 'a notable snow event', 'the node process', 'knot theory',
  'cannotation', 'avoidance of doubt', 'withoutside', 'donut shop', 'not5 is a label', 'ｎｏｔａｔｉｏｎ'];
const FULLWIDTH = ['ｎｏｔ deploy', 'we ＮＥＶＥＲ deploy'];

describe.each(testBackends)('engram_is_negated on $name', (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(() => handle.close());

  async function sqlSays(texts: string[]): Promise<boolean[]> {
    const { rows } = await sql<{ n: boolean }>`SELECT engram_is_negated(t) AS n FROM unnest(${texts}::text[]) WITH ORDINALITY AS x(t, i) ORDER BY i`.execute(handle.db);
    return rows.map((r) => r.n);
  }
  const jsSays = (text: string) => [...tokenSet(text)].some(isNegation);

  it('says negated wherever the gate sees a negation word, in any position, case or width', async () => {
    const texts = [...[...NEGATION_WORDS, ...CONTRACTIONS].flatMap((w) => SHAPES.map((shape) => shape(w))), ...FULLWIDTH];
    const js = texts.map(jsSays);
    const db = await sqlSays(texts);
    const missed = texts.filter((t, i) => js[i] && !db[i]);
    expect(missed).toEqual([]);
    expect(js.filter(Boolean).length).toBeGreaterThan(texts.length * 0.8);
  });

  it('agrees with the gate on plain texts and on words that merely contain a negation', async () => {
    const js = NOT_NEGATED.map(jsSays);
    expect(js.every((x) => !x)).toBe(true);
    expect(await sqlSays(NOT_NEGATED)).toEqual(NOT_NEGATED.map(() => false));
  });
});
