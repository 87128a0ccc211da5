import { createEventLog, createTocFromConfig, type NewConversationEvent } from '@engram/conversation';
import type { CallContext, MemoryService } from '@engram/agents';
import { testBackends } from '../../../tools/test/backends.js';
import { composeTestService } from './compose-test-service.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const acme: CallContext = { actor: 'mcp:test', scope: 'project:acme' };

function turn(n: number, text: string, project = 'project:acme'): NewConversationEvent {
  return {
    eventId: `recall-${project}-${n}`, project, agent: 'test', sessionId: `s${Math.ceil(n / 2)}`, ts: new Date(Date.UTC(2023, 4, 8, 13, n)),
    kind: 'user_message', role: 'user', text, metadata: {}, tokens: 12,
  };
}

describe.each(testBackends)('recall over memories and the conversation ($name)', (backend) => {
  let handle: DatabaseHandle;
  let service: MemoryService;

  beforeAll(async () => {
    handle = await backend.open();
    const toc = createTocFromConfig({}, handle.db, null, () => undefined);
    service = composeTestService(handle, { deps: { toc } });
    await createEventLog(handle.db).append([
      turn(1, 'Melanie: we moved here from Sweden four years ago'),
      turn(2, 'Caroline: the adoption agency called back today'),
      turn(3, 'Someone: I also moved from Sweden', 'project:other'),
    ]);
    await toc.processOutbox(100);
  });
  afterAll(async () => handle?.close());

  it('returns matching turns marked as conversation, with session, time and TOC node, next to memories', async () => {
    const memory = await service.remember({ content: 'acme ships from Sweden on Fridays' }, acme);
    const out = await service.recall({ query: 'who moved from Sweden', topK: 5 }, acme);
    expect(out.items.map((i) => [i.source, i.id])).toEqual(expect.arrayContaining([['memory', memory.id], ['conversation', 'recall-project:acme-1']]));
    const said = out.items.find((i) => i.source === 'conversation');
    expect(said).toMatchObject({
      type: 'conversation_event', content: 'Melanie: we moved here from Sweden four years ago', scope: 'project:acme',
      metadata: { session_id: 's1', at: '2023-05-08T13:01:00.000Z', node_id: expect.stringMatching(/^segment:2023-05-08/) },
    });
    expect(out.items.map((i) => i.id)).not.toContain('recall-project:other-3'); // another project's conversation stays hidden
  });

  it('memory.retrieve brings matching turns alongside the pipeline\'s results when asked', async () => {
    const out = await service.retrieve({ query: 'adoption agency', includeConversation: true, maxTokens: 4000 }, acme);
    expect(out.conversation?.map((t) => [t.source, t.id])).toEqual([['conversation', 'recall-project:acme-2']]);
    const plain = await service.retrieve({ query: 'adoption agency' }, acme);
    expect(plain.conversation).toBeUndefined();
  });

  it('keeps turns within the token budget and leaves global recalls to memories', async () => {
    const tight = await service.recall({ query: 'Sweden adoption', topK: 5, maxTokens: 50 }, acme);
    expect(tight.tokens).toBeLessThanOrEqual(50);
    const global = await service.recall({ query: 'Sweden', scope: 'global' }, acme);
    expect(global.items.filter((i) => i.source === 'conversation')).toEqual([]);
  });
});
