import type { HookIo } from './hook-adapter.js';

/** How much of a transcript's end is read to find the last assistant message. */
const TAIL_BYTES = 256 * 1024;

export interface TranscriptMessage {
  text: string;
  uuid?: string;
  ts?: Date;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((b): b is { type: string; text: string } => !!b && typeof b === 'object' && (b as { type?: unknown }).type === 'text' && typeof (b as { text?: unknown }).text === 'string')
    .map((b) => b.text)
    .join('\n');
}

/**
 * The last assistant text of a Claude Code transcript (JSONL, one entry per line, newest last).
 * Reads only the tail of the file; a partial first line or unreadable entries are skipped.
 */
export function lastAssistantMessage(path: string, io: HookIo): TranscriptMessage | undefined {
  const tail = io.readTail(path, TAIL_BYTES);
  if (!tail) return undefined;
  const lines = tail.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (!line.startsWith('{')) continue;
    let entry: { type?: unknown; uuid?: unknown; timestamp?: unknown; message?: { role?: unknown; content?: unknown } };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.type !== 'assistant' && entry.message?.role !== 'assistant') continue;
    const text = textOf(entry.message?.content).trim();
    if (!text) continue;
    const ts = typeof entry.timestamp === 'string' ? new Date(entry.timestamp) : undefined;
    return {
      text,
      ...(typeof entry.uuid === 'string' ? { uuid: entry.uuid } : {}),
      ...(ts && !Number.isNaN(ts.getTime()) ? { ts } : {}),
    };
  }
  return undefined;
}
