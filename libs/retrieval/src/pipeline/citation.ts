import type { MemoryRecord } from '@engram/memory';
import type { Citation } from './retrieve.types.js';

const EXCERPT_CHARS = 200;

/** The stable address of a record (seed 000 FR-04 step 5). */
export function memoryUrl(id: string): string {
  return `memory://${id}`;
}

/** Seed 000 FR-04 step 5: id, type, excerpt (first 200 characters), created_at, confidence, url. */
export function citationOf(record: Pick<MemoryRecord, 'id' | 'type' | 'content' | 'createdAt'>, confidence: number): Citation {
  const excerpt = record.content.length > EXCERPT_CHARS ? `${record.content.slice(0, EXCERPT_CHARS - 1)}…` : record.content;
  return { id: record.id, type: record.type, excerpt, createdAt: record.createdAt.toISOString(), confidence, url: memoryUrl(record.id) };
}

/**
 * The content as quoted data: a header naming what and whose it is, then every line prefixed
 * with "> ". A client can show it verbatim; nothing in it reads as the client's own text.
 */
export function quoteRecord(record: Pick<MemoryRecord, 'id' | 'type' | 'trust' | 'scope' | 'createdAt' | 'content'>): string {
  const header = `[${memoryUrl(record.id)} · ${record.type} · trust=${record.trust} · ${record.scope} · ${record.createdAt.toISOString().slice(0, 10)}]`;
  const body = record.content.split(/\r?\n/).map((line) => `> ${line}`).join('\n');
  return `${header}\n${body}`;
}

// Phrases that address the reader rather than state knowledge: the classic prompt-injection openers.
const INSTRUCTION_LIKE = [
  /\bignore (all |any |the )?(previous|prior|above|earlier) (instructions|messages|rules)\b/i,
  /\bdisregard (all |any |the )?(previous|prior|above|earlier|your)\b/i,
  /\byou (must|should) now\b/i,
  /\b(new|updated) (system )?instructions?:/i,
  /^\s*(system|assistant)\s*:/im,
  /\byou are now\b/i,
  /\b(reveal|print|exfiltrate|send) (your|the) (system prompt|api key|credentials|secrets?)\b/i,
];

/** True when the content contains text that tries to instruct the reader (it stays quoted data). */
export function looksLikeInstructions(content: string): boolean {
  return INSTRUCTION_LIKE.some((re) => re.test(content));
}
