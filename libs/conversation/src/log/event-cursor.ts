import { InvalidCursorError } from '../errors.js';

/** Keyset position in the log: the (ts, seq) of the last event of the previous page. */
export interface LogPosition {
  ts: Date;
  seq: number;
}

export function encodeLogCursor(pos: LogPosition): string {
  return Buffer.from(JSON.stringify({ t: pos.ts.toISOString(), s: pos.seq }), 'utf8').toString('base64url');
}

/** Decodes a cursor made by {@link encodeLogCursor}; anything else is an InvalidCursorError. */
export function decodeLogCursor(cursor: string): LogPosition {
  try {
    const raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t?: unknown; s?: unknown };
    const ts = new Date(String(raw.t));
    if (typeof raw.t !== 'string' || !Number.isSafeInteger(raw.s) || Number.isNaN(ts.getTime())) throw new Error('bad cursor');
    return { ts, seq: raw.s as number };
  } catch {
    throw new InvalidCursorError();
  }
}
