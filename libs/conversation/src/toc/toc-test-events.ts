import type { TocEvent } from './toc-event.js';

/** Builds events for the pure TOC specs: `at` is an ISO instant, tokens default to the text estimate. */
export function ev(eventId: string, at: string, text: string, over: Partial<TocEvent> = {}): TocEvent {
  return {
    eventId, ts: new Date(at), seq: Number(eventId.replace(/\D/g, '')) || 0, kind: 'user_message', role: 'user',
    text, tokens: null, agent: 'claude-code', sessionId: 's1', ...over,
  };
}
