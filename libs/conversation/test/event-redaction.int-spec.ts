import { createEventLog, estimateTextTokens, type NewConversationEvent } from '@engram/conversation';
import { testBackends } from '../../../tools/test/backends.js';

/*
 * Issue 17: events.ingest stored secrets raw (and agent hooks send tool output there). Ungated
 * text is redacted, never refused: the hook's append still succeeds.
 */
const TOKEN = `ghp_${'Z9y8'.repeat(9)}`;

function ev(id: string, text: string, metadata: Record<string, unknown> = {}): NewConversationEvent {
  return {
    eventId: id, project: 'project:redact', agent: 'claude-code', sessionId: 's1', ts: new Date('2026-11-26T08:00:00Z'),
    kind: 'tool_result', role: 'tool', text, metadata, tokens: estimateTextTokens(text),
  };
}

describe.each(testBackends)('conversation events are redacted before they are stored ($name)', (backend) => {
  it('stores the event with secrets and card numbers redacted, in text and metadata keys and values', async () => {
    const handle = await backend.open();
    try {
      const log = createEventLog(handle.db);
      const out = await log.append([ev('r1', `cat ~/.env\nGITHUB_TOKEN=${TOKEN}\ncard 4111 1111 1111 1111`, { type: TOKEN, [`k-${TOKEN}`]: 1 })]);
      expect(out.inserted).toBe(1);
      const raw = JSON.stringify(await handle.db.selectFrom('conversation_events').selectAll().execute());
      expect(raw).not.toContain(TOKEN);
      expect(raw).not.toContain('4111 1111 1111 1111');
      expect(raw).toContain('[REDACTED:github_token]');
      expect(raw).toContain('[REDACTED:card_number]');
    } finally {
      await handle.close();
    }
  });
});
