import { canonicalJson } from '@engram/memory';
import { deriveEventId } from '../ingest/event-id.js';
import type { NewConversationEvent } from '../log/event-model.js';
import { conversationProject, type ConversationMode } from '../log/project-key.js';
import { estimateTextTokens } from '../log/token-estimate.js';
import { claudeCodeAdapter } from './claude-code.adapter.js';
import { geminiCliAdapter } from './gemini-cli.adapter.js';
import type { HookAdapter, HookIo } from './hook-adapter.js';
import { MalformedHookPayloadError } from './hook-errors.js';
import { projectScopeFor, type ProjectFs } from './project-scope.js';

/** Every hook format engram reads; `--agent <name>` picks one, else the first that detects the payload. */
export const HOOK_ADAPTERS: readonly HookAdapter[] = [geminiCliAdapter, claudeCodeAdapter];

export interface MapHookOptions {
  /** Adapter name (`claude-code`, `gemini-cli`); detected from the payload when absent. */
  agent?: string;
  mode: ConversationMode;
  /** ENGRAM_PROJECT: overrides the project inferred from the payload's cwd. */
  projectOverride?: string;
  /** Where the agent runs when the payload has no `cwd` (Claude Code's CLAUDE_PROJECT_DIR, else the process cwd). */
  defaultCwd?: string;
  /** Receive time: the source time of events whose payload carries none. */
  now: Date;
  io: HookIo;
  fs?: ProjectFs;
}

export interface MappedHook {
  adapter: HookAdapter;
  hookEvent: string;
  events: NewConversationEvent[];
}

/** Parses raw stdin into a JSON object, or says clearly why not. */
export function parseHookInput(raw: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new MalformedHookPayloadError(`hook input is not JSON (${(error as Error).message}); ${raw.length} bytes read`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new MalformedHookPayloadError('hook input must be a JSON object');
  return value as Record<string, unknown>;
}

export function selectAdapter(payload: Record<string, unknown>, agent?: string): HookAdapter {
  if (agent) {
    const named = HOOK_ADAPTERS.find((a) => a.agent === agent);
    if (!named) throw new MalformedHookPayloadError(`unknown --agent "${agent}" (known: ${HOOK_ADAPTERS.map((a) => a.agent).join(', ')})`);
    return named;
  }
  const found = HOOK_ADAPTERS.find((a) => a.detect(payload));
  if (!found) throw new MalformedHookPayloadError(`hook payload of no known agent (need hook_event_name and session_id; known: ${HOOK_ADAPTERS.map((a) => a.agent).join(', ')})`);
  return found;
}

/**
 * One hook payload → log events. The event id is derived from session, hook event and the agent's
 * own id for the event when it has one (tool_use_id, prompt_id, transcript uuid); otherwise from a
 * hash of the whole payload plus its source second, so a re-sent payload is stored once while the
 * same prompt typed again later is a new event (ADR-0012).
 */
export function mapHookPayload(payload: Record<string, unknown>, opts: MapHookOptions): MappedHook {
  const adapter = selectAdapter(payload, opts.agent);
  const record = adapter.map(payload, opts.io);
  const project = conversationProject(projectScopeFor(record.cwd ?? opts.defaultCwd, opts.projectOverride, opts.fs), record.agent, opts.mode);
  const payloadHash = canonicalJson(payload);
  const events = record.items.map((item, i): NewConversationEvent => {
    const ts = item.ts ?? opts.now;
    const identity = item.naturalId ?? `${payloadHash}|${Math.floor(ts.getTime() / 1000)}`;
    return {
      eventId: deriveEventId(record.agent, [record.sessionId, record.hookEvent, identity, i]),
      project, agent: record.agent, sessionId: record.sessionId, ts, kind: item.kind, role: item.role, text: item.text,
      metadata: { hookEvent: record.hookEvent, ...stripUndefined(item.metadata) }, tokens: estimateTextTokens(item.text),
    };
  });
  return { adapter, hookEvent: record.hookEvent, events };
}

function stripUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
