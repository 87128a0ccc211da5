import type { ConversationEvent } from '@engram/conversation';
import type { CallContext } from '../scope-context.js';
import type { ImplicitEventInput, ImplicitFormationResult } from './implicit-formation.js';

/** Kinds that carry something said or done; session start/end, compaction and tool calls (their results carry the outcome) carry nothing to keep. */
const FORMED_KINDS: ReadonlySet<string> = new Set(['user_message', 'assistant_message', 'tool_result', 'note']);

/** The actor conversation-formed memories are written as (its own gate rate bucket and audit name). */
export const CONVERSATION_FORMATION_ACTOR = 'conversation-formation';

/**
 * The implicit event (SPEC 7) a conversation event becomes, or null when it carries nothing to
 * judge. Per-agent logs are keyed `project:<name>@<agent>`; the memory belongs to the project.
 * `conversationNow` is the conversation's own present, up to which recency is measured.
 */
export function implicitEventOf(e: ConversationEvent, conversationNow?: Date): ImplicitEventInput | null {
  if (!FORMED_KINDS.has(e.kind) || e.text.trim() === '') return null;
  const at = e.project.indexOf('@');
  return {
    source: 'hook', kind: e.kind, text: e.text, ts: e.ts, scope: at < 0 ? e.project : e.project.slice(0, at), sessionId: e.sessionId,
    ...(conversationNow ? { recencyFrom: conversationNow } : {}),
    metadata: { conversation_event_id: e.eventId, agent: e.agent }, sourceRef: { type: 'conversation_event', id: e.eventId },
  };
}

/** What one batch of conversation events became. */
export interface ConversationFormationReport {
  judged: number;
  stored: number;
  skipped: number;
  /** Queued for review, rejected by the gate, or failed (logged). */
  notStored: number;
}

type FormImplicit = (input: ImplicitEventInput, ctx: CallContext) => Promise<ImplicitFormationResult>;

/**
 * Feeds new conversation events (from the TOC builder's outbox pass) through the decision engine:
 * the engine judges each, the gate still decides what is stored. Best effort per event: one that
 * fails is logged and counted, the rest go on; the events themselves are safe in the log.
 */
export function createConversationFormation(
  formImplicit: FormImplicit, log: (message: string) => void = () => undefined,
): (events: readonly ConversationEvent[]) => Promise<ConversationFormationReport> {
  return async (events: readonly ConversationEvent[]): Promise<ConversationFormationReport> => {
    const report: ConversationFormationReport = { judged: 0, stored: 0, skipped: 0, notStored: 0 };
    // Recency runs on the conversation's own clock: its newest event in this batch is its "now", so
    // an imported or backfilled history is judged as it was when it happened (the engine caps it).
    const newest = new Map<string, Date>();
    for (const e of events) if (!newest.has(e.project) || (newest.get(e.project) as Date) < e.ts) newest.set(e.project, e.ts);
    for (const event of events) {
      const input = implicitEventOf(event, newest.get(event.project));
      if (!input) continue;
      report.judged++;
      try {
        const r = await formImplicit(input, { actor: CONVERSATION_FORMATION_ACTOR });
        if (r.stored?.status === 'approved') report.stored++;
        else if (!r.stored) report.skipped++;
        else report.notStored++;
      } catch (err) {
        report.notStored++;
        log(`conversation event ${event.eventId} not judged: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (report.judged > 0) log(`conversation formation: ${report.judged} judged, ${report.stored} stored, ${report.skipped} skipped, ${report.notStored} not stored`);
    return report;
  };
}
