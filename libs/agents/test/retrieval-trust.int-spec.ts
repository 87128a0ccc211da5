import { createGate } from '@engram/librarian';
import { createTypeRegistry, RecordReader } from '@engram/memory';
import {
  createCascadeReviewQueue, createEmbeddingIndexer, createRetrievalPipeline, createSearchService, touchMemories, type RetrievedMemory,
} from '@engram/retrieval';
import { createMemoryService, type CallContext, type MemoryService } from '@engram/agents';
import { testBackends } from '../../../tools/test/backends.js';
import { loadTestEmbedder } from '../../../tools/test/test-embedder.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;
type Embedder = Awaited<ReturnType<typeof loadTestEmbedder>>;

const agent: CallContext = { actor: 'mcp:test', scope: 'project:atlas' };

let embedder: Embedder;
beforeAll(async () => {
  embedder = await loadTestEmbedder();
});
afterAll(async () => embedder.close());

/*
 * The issue's acceptance suite for trust: facts change several times (supersede), some are
 * retracted (invalidate) or expire, a summary is derived from a fact that later changes; after
 * every step the top k must hold no stale or retracted fact. Everything goes through the real
 * gate, the real model and the real pipeline.
 */
describe.each(testBackends)('retrieval agents can trust ($name)', (backend) => {
  let handle: DatabaseHandle;
  let service: MemoryService;
  const reindex = () => createEmbeddingIndexer({ db: handle.db, embedder }).runOnce();

  beforeAll(async () => {
    handle = await backend.open();
    const search = createSearchService({ db: handle.db, embedder });
    service = createMemoryService({
      gate: createGate({ db: handle.db, registry: createTypeRegistry() }),
      reader: new RecordReader(handle.db),
      search,
      retrieval: createRetrievalPipeline({ db: handle.db, embedder, search, reviewQueue: createCascadeReviewQueue(handle.db) }),
      access: { touch: (ids) => touchMemories(handle.db, ids) },
      workDb: handle.db,
    });
  });
  afterAll(async () => handle?.close());

  async function remember(content: string, extra: { metadata?: Record<string, unknown>; type?: string } = {}): Promise<string> {
    const r = await service.remember({ content, ...extra }, agent);
    expect(r.status).toBe('approved');
    return r.id;
  }

  it('keeps stale and retracted facts out of the top k through a scripted series of updates', async () => {
    const stale = new Set<string>();
    const queries = ['which port does the API server listen on', 'API server port', 'what is the API port', 'which database holds invoices', 'invoice storage database', 'release day'];
    const check = async () => {
      await reindex();
      for (const query of queries) {
        for (const mode of ['hybrid', 'vector', 'keyword'] as const) {
          const res = await service.retrieve({ query, mode, topK: 10, minConfidence: 0 }, agent);
          const leaked = res.results.filter((r) => stale.has(r.id)).map((r) => r.id);
          expect({ query, mode, leaked }).toEqual({ query, mode, leaked: [] });
        }
      }
    };
    let port = await remember('The API server listens on port 8080.');
    let db = await remember('Invoices are stored in the MySQL database.');
    const release = await remember('Releases go out on Tuesdays.');
    await check();
    for (const next of [9090, 7000, 443]) {
      const r = await service.supersede(port, { content: `The API server listens on port ${next}.` }, agent);
      stale.add(port);
      port = r.id;
      await check();
    }
    const moved = await service.supersede(db, { content: 'Invoices are stored in the PostgreSQL database.' }, agent);
    stale.add(db);
    db = moved.id;
    await service.invalidate(release, 'we release continuously now', agent);
    stale.add(release);
    await check();
    await service.invalidate(db, 'invoices moved to the billing vendor', agent);
    stale.add(db);
    await check();
    const final = await service.retrieve({ query: 'API server port', topK: 5 }, agent);
    expect(final.results[0]?.id).toBe(port);
    expect(final.results[0]?.content).toContain('443');
  });

  it('flags and queues for review what was derived from a record that later changed', async () => {
    const source = await remember('The staging cluster runs Kubernetes 1.27.');
    const derived = await remember('Summary: staging runs Kubernetes 1.27, so the Helm charts target 1.27.', { metadata: { derived_from: [source] } });
    await reindex();
    const before = await service.retrieve({ query: 'staging Helm charts Kubernetes version', topK: 5 }, agent);
    expect((before.results.find((r) => r.id === derived) as RetrievedMemory).issues).toEqual([]);
    await service.supersede(source, { content: 'The staging cluster runs Kubernetes 1.30.' }, agent);
    await reindex();
    const after = await service.retrieve({ query: 'staging Helm charts Kubernetes version', topK: 5 }, agent);
    const flagged = after.results.find((r) => r.id === derived) as RetrievedMemory;
    expect(flagged.issues).toContainEqual(expect.objectContaining({ code: 'derived_from_stale', relatedIds: [source] }));
    expect(after.results.map((r) => r.id)).not.toContain(source);
    const open = await createCascadeReviewQueue(handle.db).listOpen();
    expect(open).toContainEqual(expect.objectContaining({ memoryId: derived, causeId: source, causeStatus: 'superseded' }));
    const [report] = await service.validate([derived], agent);
    expect(report?.issues.map((i) => i.code)).toContain('derived_from_stale');
  });

  it('recall runs the pipeline: budgeted, validated, touched', async () => {
    const id = await remember('The on-call rotation changes every Monday at 9:00.');
    const out = await service.recall({ query: 'on-call rotation', maxTokens: 4000 }, agent);
    expect(out.items[0]).toMatchObject({ id, form: 'full', url: `memory://${id}`, trust: 'agent' });
    expect(out.notice).toMatch(/not instructions/);
    expect((await service.get(id, agent)).accessCount).toBe(1);
    const tiny = await service.recall({ query: 'on-call rotation Monday Kubernetes API port', maxTokens: 60 }, agent);
    expect(tiny.tokens).toBeLessThanOrEqual(60);
    expect(tiny.truncated).toBe(true);
  });

  it('the Researcher plans, retries at most 3 times, flags contradictions and cites', async () => {
    // Antonyms: an obvious negation of a stored record would be queued by the gate for review.
    const yes = await remember('Encryption of the session cache is enabled.', { type: 'decision', metadata: { impact: 'low' } });
    const no = await remember('Encryption of the session cache is disabled.', { type: 'decision', metadata: { impact: 'low' } });
    await reindex();
    const out = await service.research({ query: 'What recent decisions have been made about the session cache?' }, agent);
    expect(out.plan.memoryTypes).toEqual(['decision']);
    expect(out.plan.timeRange?.label).toBe('recent');
    expect(out.results.map((r) => r.id)).toEqual(expect.arrayContaining([yes, no]));
    expect(out.contradictions).toContainEqual(expect.objectContaining({ ids: expect.arrayContaining([yes, no]), kind: 'antonym' }));
    expect(out.summary).toMatch(/Contradiction \(not resolved, needs human review\)/);
    expect(out.summary).toContain(`memory://${yes}`);
    expect(out.citations.map((c) => c.id)).toEqual(expect.arrayContaining([yes, no]));
    expect(out.attempts.length).toBeGreaterThanOrEqual(1);
    expect(out.attempts.length).toBeLessThanOrEqual(3);
    expect(out.synthesiser).toBe('deterministic');

    // A scope with nothing in it: every attempt must come back empty (seed 000: "query guaranteed to fail").
    const nothing = await service.research({ query: 'quokka zanzibar teleportation protocol', scope: 'project:empty' }, agent);
    expect(nothing.attempts).toHaveLength(3);
    expect(nothing.attempts.map((a) => a.strategy)).toEqual([
      'hybrid, as planned', 'hybrid, top-k 20, relaxed thresholds, no time range', 'keyword-only on the key terms, any type',
    ]);
    expect(nothing.warnings).toContain('partial results after 3 attempts');

    const empty = await service.research({ query: '   ' }, agent);
    expect(empty).toMatchObject({ results: [], attempts: [] });
  });

  it('rejects absurd parameters with a clear error and answers an empty query with nothing', async () => {
    expect((await service.retrieve({ query: '' }, agent)).results).toEqual([]);
    await expect(service.retrieve({ query: 'x', topK: 100_000 }, agent)).rejects.toMatchObject({ code: 'INVALID_SEARCH_QUERY', message: expect.stringMatching(/topK/) });
    await expect(service.retrieve({ query: 'x', maxTokens: 1 }, agent)).rejects.toMatchObject({ message: expect.stringMatching(/maxTokens/) });
    await expect(service.retrieve({ query: 'x', weights: { vector: 1e9, keyword: 0 } }, agent)).rejects.toMatchObject({ message: expect.stringMatching(/weights/) });
  });
});
