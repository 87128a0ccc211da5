import { createMemoryService, type MemoryService, type MemoryServiceDeps } from '@engram/agents';
import { createGate } from '@engram/librarian';
import type { DecisionConfig } from '@engram/lifecycle';
import { createTypeRegistry, RecordReader, type TypeRegistry } from '@engram/memory';
import { createRetrievalPipeline, createSearchService, touchMemories, type DecayFactorsPort } from '@engram/retrieval';
import type { testBackends } from '../../../tools/test/backends.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

/** What the agents suites vary around the runtime's composition. */
export interface TestServiceOptions {
  registry?: TypeRegistry;
  /** The retrieval pipeline's clock (decay is judged at this time). */
  clock?: () => Date;
  decayFactors?: DecayFactorsPort;
  /** Compose the decision engine (implicit formation, feedback) with this config. */
  lifecycle?: DecisionConfig;
  /** Any other dependency, as given (conversation mode, PRD cache size, ...). */
  deps?: Partial<MemoryServiceDeps>;
}

/**
 * The memory service over one test database, composed as the runtime composes it but without a
 * model (keyword search only): the real gate, reader, search, retrieval pipeline and access recorder.
 */
export function composeTestService(handle: DatabaseHandle, opts: TestServiceOptions = {}): MemoryService {
  const registry = opts.registry ?? createTypeRegistry();
  const search = createSearchService({ db: handle.db, embedder: null });
  return createMemoryService({
    gate: createGate({ db: handle.db, registry }),
    reader: new RecordReader(handle.db),
    search,
    retrieval: createRetrievalPipeline({
      db: handle.db, embedder: null, search, registry,
      ...(opts.clock ? { clock: opts.clock } : {}), ...(opts.decayFactors ? { decayFactors: opts.decayFactors } : {}),
    }),
    access: { touch: (ids) => touchMemories(handle.db, ids) },
    workDb: handle.db,
    ...(opts.lifecycle ? { lifecycle: { config: opts.lifecycle, registry } } : {}),
    ...opts.deps,
  });
}
