import { extractEntities } from './extract-entities.js';

describe(extractEntities.name, () => {
  it.each([
    ['edited libs/memory/src/decay.ts and ./tools/bench/run.mjs', ['file:libs/memory/src/decay.ts', 'file:tools/bench/run.mjs']],
    ['see README.md and package.json', ['file:readme.md', 'file:package.json']],
    ['fetch https://Example.org/docs/API/?q=1#top now', ['url:example.org/docs/api']],
    ['ping @alice and @Bob-the-builder', ['user:alice', 'user:bob-the-builder']],
    ['fixes #123, relates to acme/engram#45 and ENG-42 and GH-7', ['issue:acme/engram#45', 'issue:#123', 'issue:gh-7', 'issue:eng-42']],
    ['npm install zod@4 @nestjs/core --save-dev', ['pkg:zod', 'pkg:@nestjs/core']],
    ['import from @modelcontextprotocol/sdk', ['pkg:@modelcontextprotocol/sdk']],
    ['pip install requests==2.31', ['pkg:requests']],
    ['call `effectiveConfidence` from RecordReader via parseScope()', ['ident:effectiveconfidence', 'ident:parsescope', 'ident:recordreader']],
    ['the column access_count grows', ['ident:access_count']],
    ['met Grace Hopper and Alan Turing', ['name:grace hopper', 'name:alan turing']],
    ['The Librarian Gate decides', ['name:librarian gate']],
    ['we named it "Project Falcon" yesterday', ['name:project falcon']],
  ])('%s', (text, expected) => {
    expect(extractEntities(text).sort()).toEqual([...expected].sort());
  });

  it('deduplicates case-insensitively', () => {
    expect(extractEntities('RecordReader reads; recordReader again; see README.md, readme.md')).toEqual(['file:readme.md', 'ident:recordreader']);
  });

  it('finds nothing in plain prose', () => {
    expect(extractEntities('we should probably look at this again tomorrow, and/or the day after')).toEqual([]);
    expect(extractEntities('')).toEqual([]);
  });

  it('does not read URL paths, e-mail-like text or dates as files', () => {
    expect(extractEntities('on 2026/11/23 see http://example.org/a/b.ts')).toEqual(['url:example.org/a/b.ts']);
  });

  it('does not take a sentence-starting word as part of a name', () => {
    expect(extractEntities('Yesterday we met. Then Ada Lovelace joined.')).toEqual(['name:ada lovelace']);
  });

  it('is deterministic', () => {
    const text = 'PRD prd-7: decided to use pg-boss in libs/infra/src/jobs/queue.ts (see #12) with @carol';
    expect(extractEntities(text)).toEqual(extractEntities(text));
    expect(extractEntities(text)).toEqual(expect.arrayContaining(['file:libs/infra/src/jobs/queue.ts', 'issue:#12', 'user:carol']));
  });
});

describe('extractEntities on hostile input', () => {
  it('stays fast on long blobs and ignores them (no catastrophic backtracking)', () => {
    // 100k characters: quadratic backtracking would take ~10 s here, the blanking keeps it at a few ms.
    for (const blob of ['a.'.repeat(50_000), 'x/'.repeat(50_000), 'Ab'.repeat(50_000)]) {
      const t = performance.now();
      expect(extractEntities(`see src/a.ts ${blob} and @bob`).sort()).toEqual(['file:src/a.ts', 'user:bob']);
      expect(performance.now() - t).toBeLessThan(2000);
    }
  });
});
