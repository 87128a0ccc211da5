import type { MemoryService } from '@engram/agents';
import type { CliEnvironment, CliRuntime } from '../composition-root.js';
import { searchContext, withUseCases } from './command-kit.js';

/** An environment whose runtime records every use case called on its service and whether it was closed. */
function recordingEnvironment() {
  const calls: string[] = [];
  let closed = 0;
  const service = new Proxy({}, {
    get: (_t, name) => (typeof name === 'string' ? async () => { calls.push(name); return []; } : undefined),
  }) as MemoryService;
  const runtime = {
    service,
    knownScopes: async () => ['global', 'project:a'],
    close: async () => void (closed += 1),
  } as unknown as CliRuntime;
  const env = { open: async () => runtime } as unknown as CliEnvironment;
  return { env, calls, closed: () => closed };
}

describe('withUseCases: a command gets only the capability it declares', () => {
  it('hands a memory command the memory use cases and nothing else, and the probes without the service', async () => {
    const { env, calls, closed } = recordingEnvironment();
    const seen = await withUseCases(env, 'memory', async (service, rt) => {
      await service.list({}, { actor: 'cli:test', admin: true });
      const reach = service as unknown as Record<string, unknown>;
      return { keys: Object.keys(service), retrieve: reach['retrieve'], gate: reach['gate'], rtService: (rt as unknown as Record<string, unknown>)['service'] };
    });
    expect(calls).toEqual(['list']);
    expect(seen.keys).toContain('knownScopes');
    expect(seen.keys).not.toContain('retrieve');
    expect(seen.retrieve).toBeUndefined();
    expect(seen.gate).toBeUndefined();
    expect(seen.rtService).toBeUndefined();
    expect(closed()).toBe(1);
  });

  it('a retrieval command cannot call a memory write, even through a cast', async () => {
    const { env, calls, closed } = recordingEnvironment();
    await expect(withUseCases(env, 'retrieval', async (service) => (service as unknown as { store: () => Promise<unknown> }).store()))
      .rejects.toThrow(TypeError);
    expect(calls).toEqual([]);
    expect(closed()).toBe(1);
  });

  it('an operator search without a scope covers every scope the probe knows', async () => {
    const ctx = { actor: 'cli:test', admin: true };
    expect(await searchContext({ knownScopes: async () => ['global', 'project:a'] }, ctx, undefined)).toEqual({ ...ctx, operatorScopes: ['global', 'project:a'] });
    expect(await searchContext({ knownScopes: async () => { throw new Error('not asked'); } }, ctx, 'project:a')).toBe(ctx);
  });
});
