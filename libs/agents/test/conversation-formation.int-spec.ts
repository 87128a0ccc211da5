import { createEventLog, createTocFromConfig, type NewConversationEvent } from '@engram/conversation';
import { resolveDecisionConfig } from '@engram/lifecycle';
import { createTypeRegistry } from '@engram/memory';
import { createConversationFormation, implicitEventOf, type ConversationFormationReport, type MemoryService } from '@engram/agents';
import { testBackends } from '../../../tools/test/backends.js';
import { composeTestService } from './compose-test-service.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const registry = createTypeRegistry();
const T0 = Date.now() - 60_000;

function event(n: number, kind: NewConversationEvent['kind'], text: string, project = 'project:shop'): NewConversationEvent {
  return {
    eventId: `formation-${project}-${n}`, project, agent: 'claude-code', sessionId: 'sess-1', ts: new Date(T0 + n * 1000),
    kind, role: kind === 'user_message' ? 'user' : kind === 'tool_result' ? 'tool' : 'system', text, metadata: {}, tokens: 10,
  };
}

function compose(handle: DatabaseHandle): MemoryService {
  return composeTestService(handle, { registry, lifecycle: resolveDecisionConfig() });
}

describe('implicitEventOf (conversation event → implicit event)', () => {
  it('maps what was said or done and skips lifecycle markers and empty text', () => {
    const e = { ...event(1, 'tool_result', 'Edited libs/billing/invoice.ts'), seq: 1 };
    expect(implicitEventOf(e)).toMatchObject({
      source: 'hook', kind: 'tool_result', scope: 'project:shop', sessionId: 'sess-1', ts: e.ts,
      metadata: { conversation_event_id: e.eventId, agent: 'claude-code' }, sourceRef: { type: 'conversation_event', id: e.eventId },
    });
    expect(implicitEventOf({ ...event(2, 'session_start', 'started'), seq: 2 })).toBeNull();
    expect(implicitEventOf({ ...event(3, 'user_message', '   '), seq: 3 })).toBeNull();
    // Per-agent logs are keyed project@agent; the memory belongs to the project.
    expect(implicitEventOf({ ...event(4, 'user_message', 'hi there', 'project:shop@gemini-cli'), seq: 4 })?.scope).toBe('project:shop');
  });
});

describe.each(testBackends)('conversation events through the decision engine ($name)', (backend) => {
  let handle: DatabaseHandle;
  let service: MemoryService;

  beforeAll(async () => {
    handle = await backend.open();
    service = compose(handle);
  });
  afterAll(async () => handle?.close());

  it('judges each new event the TOC builder takes off the outbox once, and stores what passes through the gate', async () => {
    const reports: ConversationFormationReport[] = [];
    const form = createConversationFormation(service.formImplicit);
    const toc = createTocFromConfig({}, handle.db, null, () => undefined, async (events) => void reports.push(await form(events)));
    await createEventLog(handle.db).append([
      event(1, 'session_start', 'session started'),
      event(2, 'user_message', 'Please fix the rounding bug in libs/billing/invoice.ts for @carol'),
      event(3, 'tool_result', 'Edited libs/billing/invoice.ts: round half to even'),
    ]);
    await toc.processOutbox(100);
    await toc.processOutbox(100); // nothing new: nobody is told twice
    expect(reports).toEqual([{ judged: 2, stored: 2, skipped: 0, notStored: 0 }]);
    const formed = await service.list({ scope: 'project:shop' }, { actor: 'mcp:test', scope: 'project:shop' });
    const ids = formed.items.map((m) => m.metadata['conversation_event_id']).sort();
    expect(ids).toEqual(['formation-project:shop-2', 'formation-project:shop-3']);
    expect(formed.items.every((m) => m.source.type === 'conversation_event' && m.metadata['implicit_source'] === 'hook')).toBe(true);
    // The TOC was built from the same events.
    expect((await toc.root('project:shop')).children.length).toBeGreaterThan(0);
  });

  it('judges a backfilled conversation by its own time, so history forms memories', async () => {
    const form = createConversationFormation(service.formImplicit);
    const old = (n: number, text: string): NewConversationEvent => ({
      ...event(n, 'user_message', text, 'project:history'), ts: new Date(Date.UTC(2023, 4, 8, 13, n)),
    });
    const events = [
      old(1, 'Please fix the rounding bug in libs/billing/invoice.ts for @carol'),
      old(2, 'Edited libs/billing/invoice.ts: round half to even, tests for @carol'),
    ];
    const asOfToday = events.map((e) => implicitEventOf({ ...e, seq: 0 }));
    expect(asOfToday.every((e) => e?.recencyFrom === undefined)).toBe(true);
    const report = await form(events.map((e, i) => ({ ...e, seq: i + 1 })));
    expect(report.stored).toBeGreaterThan(0);
    const formed = await service.list({ scope: 'project:history' }, { actor: 'mcp:test', scope: 'project:history' });
    expect(formed.items.map((m) => m.metadata['conversation_event_id'])).toContain('formation-project:history-1');
  });

  it('a failing listener is logged and never holds the TOC back', async () => {
    const logs: string[] = [];
    const toc = createTocFromConfig({}, handle.db, null, (m) => logs.push(m), async () => {
      throw new Error('engine down');
    });
    await createEventLog(handle.db).append([event(10, 'user_message', 'Another question about the billing service', 'project:books')]);
    await toc.processOutbox(100);
    expect(logs.some((l) => l.includes('engine down'))).toBe(true);
    expect((await toc.root('project:books')).children.length).toBeGreaterThan(0);
  });
});
