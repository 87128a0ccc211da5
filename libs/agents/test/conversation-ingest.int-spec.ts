import { InvalidInputError, type CallContext, type MemoryService } from '@engram/agents';
import { testBackends } from '../../../tools/test/backends.js';
import { composeTestService } from './compose-test-service.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const agent: CallContext = { actor: 'mcp:claude-code', scope: 'project:acme' };

function compose(handle: DatabaseHandle, conversationMode: 'unified' | 'per-agent' = 'unified'): MemoryService {
  return composeTestService(handle, { deps: { conversationMode } });
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();

describe.each(testBackends)('conversation ingestion ($name)', (backend) => {
  let handle: DatabaseHandle;
  let service: MemoryService;

  beforeAll(async () => {
    handle = await backend.open();
    service = compose(handle);
  });
  afterAll(async () => handle?.close());

  it('ingests a batch into the session project, keeps source times and is idempotent by derived or given id', async () => {
    const events = [
      { sessionId: 's1', ts: at(5), kind: 'assistant_message', text: 'the fix is in auth.ts' },
      { sessionId: 's1', ts: at(1), kind: 'user_message', text: 'why does login fail?' },
      { sessionId: 's1', ts: at(3), kind: 'tool_result', text: 'grep: auth.ts:42', eventId: 'tool-42' },
    ];
    const first = await service.conversation.ingest({ events }, agent);
    expect(first).toMatchObject({ inserted: 3, duplicates: 0 });
    expect(first.eventIds[2]).toBe('tool-42');
    const again = await service.conversation.ingest({ events }, agent);
    expect(again).toEqual({ inserted: 0, duplicates: 3, eventIds: first.eventIds });
    const { events: stored } = await service.conversation.log.range({ project: 'project:acme', limit: 10 });
    expect(stored.map((e) => e.text)).toEqual(['why does login fail?', 'grep: auth.ts:42', 'the fix is in auth.ts']);
    expect(stored.map((e) => e.ts.toISOString())).toEqual([at(1), at(3), at(5)]);
    expect(stored[0]).toMatchObject({ agent: 'claude-code', role: 'user', sessionId: 's1' });
  });

  it('refuses a batch with one bad event as invalid input and writes nothing', async () => {
    const before = await service.conversation.log.count('project:acme');
    const bad = [
      [{ sessionId: 's2', ts: at(9), kind: 'user_message', text: 'ok' }, { sessionId: 's2', ts: 'not a time', kind: 'note', text: 'x' }],
      [{ sessionId: 's2', ts: at(9), kind: 'user_message', text: 'ok' }, { sessionId: 's2', ts: at(9), kind: 'chatter', text: 'x' }],
      [{ sessionId: 's2', ts: at(9), kind: 'user_message', text: 'ok', project: 'acme' }],
    ];
    for (const events of bad) await expect(service.conversation.ingest({ events }, agent)).rejects.toBeInstanceOf(InvalidInputError);
    expect(await service.conversation.log.count('project:acme')).toBe(before);
  });

  // Issue 17: the driver turned a lone surrogate into U+FFFD and stored the event changed, silently.
  it.each([
    ['a lone high surrogate in the text', { text: 'broken \uD83D text' }, /event 1: text contains a lone UTF-16 surrogate/],
    ['a lone low surrogate in the session id', { sessionId: 's\uDC00' }, /event 1: sessionId contains a lone UTF-16 surrogate/],
    ['a lone surrogate in a metadata value', { metadata: { tool: { out: 'x\uD800' } } }, /event 1: metadata\.tool\.out contains a lone UTF-16 surrogate/],
    ['a lone surrogate in a metadata key', { metadata: { 'k\uDFFF': 'v' } }, /event 1: a key under \$\.metadata contains a lone UTF-16 surrogate/],
    ['a NUL in the text', { text: 'a\u0000b' }, /event 1: text contains a NUL character/],
  ])('refuses %s with INVALID_INPUT naming the event and field, and writes nothing', async (_name, change, message) => {
    const before = await service.conversation.log.count('project:acme');
    const events = [
      { sessionId: 's3', ts: at(30), kind: 'user_message', text: 'fine' },
      { sessionId: 's3', ts: at(31), kind: 'tool_result', text: 'also fine', ...change },
    ];
    const refused = service.conversation.ingest({ events }, agent);
    await expect(refused).rejects.toBeInstanceOf(InvalidInputError);
    await expect(refused).rejects.toThrow(message);
    expect(await service.conversation.log.count('project:acme')).toBe(before);
  });

  it('stores a valid surrogate pair (an emoji) unchanged', async () => {
    await service.conversation.ingest({ events: [{ sessionId: 's4', ts: at(40), kind: 'note', text: 'ship it 🚀', eventId: 'emoji-1' }] }, agent);
    const { events } = await service.conversation.log.range({ project: 'project:acme', from: new Date(at(40)), limit: 5 });
    expect(events.filter((e) => e.sessionId === 's4').map((e) => e.text)).toEqual(['ship it 🚀']);
  });

  it('keeps two agents apart by tag in unified mode and by key in per-agent mode (STOR-06)', async () => {
    const e = (agentName: string) => ({ sessionId: `s-${agentName}`, ts: at(20), kind: 'note', text: `from ${agentName}`, agent: agentName });
    await service.conversation.ingest({ events: [e('claude-code'), e('gemini-cli')] }, { actor: 'mcp:x', scope: 'project:multi' });
    const unified = await service.conversation.log.range({ project: 'project:multi', limit: 10 });
    expect(unified.events.map((x) => x.agent).sort()).toEqual(['claude-code', 'gemini-cli']);
    const perAgent = compose(handle, 'per-agent');
    await perAgent.conversation.ingest({ events: [e('claude-code'), e('gemini-cli')] }, { actor: 'mcp:x', scope: 'project:split' });
    expect(await perAgent.conversation.log.count('project:split')).toBe(0);
    expect((await perAgent.conversation.log.range({ project: 'project:split@gemini-cli', limit: 10 })).events.map((x) => x.text)).toEqual(['from gemini-cli']);
    expect(await perAgent.conversation.log.count('project:split@claude-code')).toBe(1);
  });

  it('takes at most one batch per call', async () => {
    const events = Array.from({ length: 1001 }, (_, i) => ({ sessionId: 's', ts: at(0), kind: 'note', text: `${i}` }));
    await expect(service.conversation.ingest({ events }, agent)).rejects.toThrow(/at most 1000 events/);
  });
});
