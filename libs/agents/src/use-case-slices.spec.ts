import type { MemoryService, UseCases } from './use-cases.js';
import { sliceFor, useCaseSlices } from './use-case-slices.js';

/** A service whose every member records that it was called (and with which `this`), then answers its own name. */
function recordingService() {
  const calls: string[] = [];
  const service = new Proxy({} as Record<string, unknown>, {
    get(_target, name) {
      if (typeof name !== 'string') return undefined;
      return function (this: unknown) {
        calls.push(`${name}${this === service ? '' : ' (unbound)'}`);
        return Promise.resolve(name);
      };
    },
  }) as unknown as MemoryService;
  return { service, calls };
}

const MEMORY_MEMBERS = [
  'get', 'history', 'list', 'search', 'store', 'storeBatch', 'remember', 'forget', 'invalidate', 'update', 'supersede', 'archive', 'promote',
  'reinforce', 'exportAll', 'countAll', 'importLine', 'knownScopes',
];

describe('use-case slices (ADR-0037, enforced at run time)', () => {
  it('gives a consumer only the members of the capability it declared', () => {
    const slices = useCaseSlices(recordingService().service);
    expect(Object.keys(slices.memory)).toEqual(MEMORY_MEMBERS);
    expect(Object.keys(slices.retrieval)).toEqual(['retrieve', 'validate', 'recall', 'research']);
    expect(Object.keys(slices.continuity)).toEqual(['prd', 'chains']);
    expect(Object.keys(slices.conversation)).toEqual(['conversation', 'toc']);
    expect(Object.keys(slices.review)).toEqual(['gate', 'cascades']);
    expect(Object.keys(slices.lifecycle)).toEqual(['formImplicit', 'feedback', 'decisionEngine']);
  });

  it('a consumer of the memory slice cannot call a retrieval use case, even through a cast', async () => {
    const { service, calls } = recordingService();
    const memory = sliceFor(useCaseSlices(service), 'memory');
    const reach = memory as unknown as Partial<UseCases['retrieval'] & UseCases['review']>;
    expect(reach.retrieve).toBeUndefined();
    expect(reach.gate).toBeUndefined();
    expect(() => (reach as { retrieve: () => unknown }).retrieve()).toThrow(TypeError);
    expect('retrieve' in memory).toBe(false);
    // Nothing up the prototype chain either: the slice has none.
    expect(Object.getPrototypeOf(memory)).toBeNull();
    expect(calls).toEqual([]);
    // Its own use cases still reach the service, bound to it.
    await expect(memory.get('id', { actor: 'a' })).resolves.toBe('get');
    expect(calls).toEqual(['get']);
  });

  it('is frozen: a consumer cannot add or replace a member', () => {
    const memory = useCaseSlices(recordingService().service).memory as unknown as Record<string, unknown>;
    expect(Object.isFrozen(memory)).toBe(true);
    expect(() => { memory['retrieve'] = () => 'smuggled'; }).toThrow(TypeError);
    expect(() => { memory['get'] = () => 'replaced'; }).toThrow(TypeError);
  });

  it('reads the service only when a member is used', () => {
    const untouchable = new Proxy({}, { get: () => { throw new Error('reached the service'); } }) as MemoryService;
    const slices = useCaseSlices(untouchable);
    expect(() => slices.retrieval).not.toThrow();
    expect(() => slices.retrieval.retrieve).toThrow('reached the service');
  });

  it('refuses a capability that does not exist', () => {
    const slices = useCaseSlices(recordingService().service);
    expect(() => sliceFor(slices, 'everything' as 'memory')).toThrow("unknown capability 'everything'");
    expect(() => sliceFor(slices, 'constructor' as 'memory')).toThrow("unknown capability 'constructor'");
  });
});
