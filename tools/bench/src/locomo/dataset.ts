// The real-conversation development splits (../shared/datasets/locomo-dev.json and
// realtalk-dev.json, read at run time, never copied into the repository) turned into conversation
// events and labelled questions. Each turn becomes one event whose id carries the turn's dia_id,
// stamped with its own time (REALTALK) or its session's real date (LoCoMo, turns 20 s apart).
import { readFileSync } from 'node:fs';
import { evidenceIds, parseSessionDate } from '../conversations/dataset.js';


interface RawTurn { speaker: string; dia_id: string; text: string; blip_caption?: string; date_time?: string }
interface RawQa { question: string; answer?: unknown; adversarial_answer?: unknown; evidence: string[]; category: number }
interface RawSample { sample_id: string; conversation: Record<string, unknown>; qa: RawQa[] }

export interface Turn {
  diaId: string;
  eventId: string;
  session: number;
  speaker: string;
  /** What the event stores: "<speaker>: <text>" plus " [shares <caption>]" for a shared image. */
  text: string;
  ts: Date;
}

export interface Question { question: string; answer: string; evidence: string[]; category: number }

export interface Conversation {
  sampleId: string;
  project: string;
  speakers: [string, string];
  turns: Turn[];
  questions: Question[];
}

/** Seconds between two turns of a LoCoMo session: that dataset has session times only. */
export const TURN_SPACING_S = 20;

function turnsOf(sample: RawSample): Turn[] {
  const turns: Turn[] = [];
  for (let n = 1; ; n++) {
    const list = sample.conversation[`session_${n}`] as RawTurn[] | undefined;
    const when = sample.conversation[`session_${n}_date_time`] as string | undefined;
    if (!list || !when) break;
    const start = parseSessionDate(when);
    list.forEach((t, i) => {
      const caption = t.blip_caption ? ` [shares ${t.blip_caption}]` : '';
      turns.push({
        diaId: t.dia_id, eventId: `${sample.sample_id}:${t.dia_id}`, session: n, speaker: t.speaker,
        text: `${t.speaker}: ${t.text}${caption}`, ts: t.date_time ? parseSessionDate(t.date_time) : new Date(start.getTime() + i * TURN_SPACING_S * 1000),
      });
    });
  }
  return turns;
}

export function loadConversations(path: string): Conversation[] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as RawSample[];
  return raw.map((s) => {
    const turns = turnsOf(s);
    const known = new Set(turns.map((t) => t.diaId));
    return {
      sampleId: s.sample_id,
      project: `project:locomo-${s.sample_id}`,
      speakers: [String(s.conversation['speaker_a']), String(s.conversation['speaker_b'])],
      turns,
      questions: s.qa.map((q) => ({ question: q.question, answer: String(q.answer ?? q.adversarial_answer ?? ''), evidence: evidenceIds(q.evidence, known), category: q.category })),
    };
  });
}

/** The events.ingest payloads of one conversation (speaker A as the user, B as the assistant). */
export function ingestEvents(c: Conversation): Record<string, unknown>[] {
  return c.turns.map((t) => ({
    event_id: t.eventId, session_id: `${c.sampleId}-session-${t.session}`, ts: t.ts.toISOString(),
    kind: t.speaker === c.speakers[0] ? 'user_message' : 'assistant_message', text: t.text, project: c.project,
    metadata: { dia_id: t.diaId, speaker: t.speaker, session: t.session },
  }));
}
