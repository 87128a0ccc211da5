import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DatabaseTaskStore } from '@a2a-js/sdk/server/database';
import { DefaultRequestHandler } from '@a2a-js/sdk/server';
import { createMemoryService, type MemoryService } from '@engram/agents';
import { createGate } from '@engram/librarian';
import { createTypeRegistry, RecordReader } from '@engram/memory';
import { createRetrievalPipeline, createSearchService, touchMemories } from '@engram/retrieval';
import { openPostgresTestDatabase } from '../../../tools/test/backends.js';
import { buildAgentCard } from '../src/agent-card.js';
import { EngramAgentExecutor } from '../src/executor/engram-agent-executor.js';
import { a2aExpressApp } from '../src/http/mount-a2a.js';
import { answer, request, TaskState, text, v1Client } from './a2a-test-client.js';

type Handle = Awaited<ReturnType<typeof openPostgresTestDatabase>>['handle'];

// Cancelling a task while its skill runs needs a skill that is still running when tasks/cancel
// arrives: the real memory service on native Postgres, with research held until the test lets go.
describe('A2A cancel of a running task (real SDK client over HTTP, Postgres task store)', () => {
  let handle: Handle;
  let server: Server;
  let baseUrl: string;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    handle = (await openPostgresTestDatabase()).handle;
    const search = createSearchService({ db: handle.db, embedder: null });
    const real = createMemoryService({
      gate: createGate({ db: handle.db, registry: createTypeRegistry() }),
      reader: new RecordReader(handle.db),
      search,
      retrieval: createRetrievalPipeline({ db: handle.db, search }),
      access: { touch: (ids) => touchMemories(handle.db, ids) },
      workDb: handle.db,
    });
    const slowResearch: MemoryService = { ...real, research: async (input, ctx) => held.then(() => real.research(input, ctx)) };
    // The card must name the real port, so the server listens before the app exists.
    const mounted: { app?: ReturnType<typeof a2aExpressApp> } = {};
    server = createServer((req, res) => mounted.app?.(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const card = buildAgentCard({ publicUrl: baseUrl, version: 'test', authRequired: true });
    const handler = new DefaultRequestHandler(card, new DatabaseTaskStore(handle.db, { tableName: 'a2a_tasks' }), new EngramAgentExecutor(slowResearch));
    mounted.app = a2aExpressApp({ requestHandler: handler, access: { apiKey: 'k', maxBodyBytes: 1 << 20 },
      hosts: { host: '127.0.0.1', allowedHosts: [], allowedOrigins: [], publicUrl: baseUrl }, cardModified: new Date(), log: () => undefined });
  });

  afterAll(async () => {
    release();
    await new Promise((resolve) => server.close(resolve));
    await handle.close();
  });

  it('answers canceled at once, and the late result never overwrites it', async () => {
    const client = await v1Client(baseUrl, 'k');
    const seen: string[] = [];
    let taskId = '';
    for await (const event of client.sendMessageStream(request([text('research: anything at all')]))) {
      const p = event.payload;
      if (p?.$case === 'task') taskId = p.value.id;
      if (p?.$case !== 'statusUpdate') continue;
      const state = p.value.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED;
      seen.push(TaskState[state]);
      if (state === TaskState.TASK_STATE_WORKING) {
        const canceled = await client.cancelTask({ tenant: '', id: taskId, metadata: undefined });
        expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
      }
    }
    expect(seen).toEqual(['TASK_STATE_WORKING', 'TASK_STATE_CANCELED']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await client.getTask({ tenant: '', id: taskId });
    expect(after.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(answer(after).text).toBe('Canceled on request.');
    await expect(client.cancelTask({ tenant: '', id: taskId, metadata: undefined })).resolves.toMatchObject({ id: taskId });
  });
});
