import type { ConversationEventKind } from '../log/event-model.js';

/** One conversation event a hook payload yields, before project, id and tokens are assigned. */
export interface HookItem {
  kind: ConversationEventKind;
  role: string;
  text: string;
  metadata: Record<string, unknown>;
  /** Source time when the payload (or transcript) carries one; else the hook's receive time is used. */
  ts?: Date;
  /** An id the agent gave this event (tool_use_id, prompt_id, transcript uuid); keys idempotency. */
  naturalId?: string;
}

/** What an adapter reads out of one hook payload. */
export interface HookRecord {
  agent: string;
  hookEvent: string;
  sessionId: string;
  /** The agent's working directory: the project is inferred from it (git root). */
  cwd: string | undefined;
  items: HookItem[];
}

/**
 * Reads one agent's hook payloads (seed 002 HOOK-03, HOOK-04..06). `detect` must be cheap and
 * specific: it decides which adapter reads a payload when `--agent` is not given.
 */
export interface HookAdapter {
  /** The agent tag stored on every event (`claude-code`, `gemini-cli`). */
  readonly agent: string;
  /** The hook event names this adapter records. */
  readonly events: readonly string[];
  detect(payload: Record<string, unknown>): boolean;
  /** Maps a payload; throws MalformedHookPayloadError / UnknownHookEventError. May yield no item. */
  map(payload: Record<string, unknown>, io: HookIo): HookRecord;
  /** What to print on stdout after a successful call (some agents parse it); empty for none. */
  readonly stdoutOnSuccess: string;
}

/** File access an adapter may need (reading the transcript tail), injectable for tests. */
export interface HookIo {
  readTail(path: string, bytes: number): string | undefined;
}
