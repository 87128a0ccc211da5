import type { HookAdapter, HookItem, HookRecord } from './hook-adapter.js';
import { UnknownHookEventError } from './hook-errors.js';
import {
  MAX_MESSAGE_CHARS, MAX_TOOL_RESPONSE_CHARS, optionalString, optionalTime, requireString, responseText, summariseToolInput, truncate,
} from './payload-fields.js';

const AGENT = 'gemini-cli';
type Payload = Record<string, unknown>;

function tool(p: Payload) {
  return { toolName: optionalString(p, 'tool_name') ?? 'unknown', input: summariseToolInput(p['tool_input']) };
}

/*
 * Gemini CLI hook events (seed 002 HOOK-05). Every payload carries an ISO `timestamp`: the source
 * time. BeforeAgent is the user's prompt, AfterAgent the model's answer (prompt_response).
 */
const MAPPERS: Record<string, (p: Payload) => HookItem[]> = {
  SessionStart: (p) => [{ kind: 'session_start', role: 'system', text: `session started (${optionalString(p, 'source') ?? optionalString(p, 'trigger') ?? 'startup'})`, metadata: {} }],
  BeforeAgent: (p) => [{ kind: 'user_message', role: 'user', text: truncate(requireString(p, 'prompt', AGENT), MAX_MESSAGE_CHARS), metadata: {} }],
  AfterAgent: (p) => {
    const answer = optionalString(p, 'prompt_response');
    return answer ? [{ kind: 'assistant_message', role: 'assistant', text: truncate(answer, MAX_MESSAGE_CHARS), metadata: {} }] : [];
  },
  BeforeTool: (p) => {
    const t = tool(p);
    return [{ kind: 'tool_use', role: 'assistant', text: `${t.toolName}: ${t.input}`, metadata: t }];
  },
  AfterTool: (p) => {
    const t = tool(p);
    return [{ kind: 'tool_result', role: 'tool', text: `${t.toolName}: ${t.input}\n→ ${truncate(responseText(p['tool_response']), MAX_TOOL_RESPONSE_CHARS)}`, metadata: t }];
  },
  PreCompress: (p) => [{ kind: 'pre_compact', role: 'system', text: `context compression (${optionalString(p, 'trigger') ?? 'auto'})`, metadata: {} }],
  SessionEnd: (p) => [{ kind: 'session_end', role: 'system', text: `session ended (${optionalString(p, 'reason') ?? 'exit'})`, metadata: {} }],
};

/** Gemini CLI: like Claude Code's shape, plus an ISO `timestamp` and its own event names. */
export const geminiCliAdapter: HookAdapter = {
  agent: AGENT,
  events: Object.keys(MAPPERS),
  stdoutOnSuccess: '{}', // Gemini CLI parses stdout as JSON on exit 0
  detect: (p) => typeof p['hook_event_name'] === 'string' && typeof p['timestamp'] === 'string' && typeof p['session_id'] === 'string',
  map(p: Payload): HookRecord {
    const hookEvent = requireString(p, 'hook_event_name', AGENT);
    const mapper = MAPPERS[hookEvent];
    if (!mapper) throw new UnknownHookEventError(AGENT, hookEvent, Object.keys(MAPPERS));
    const ts = optionalTime(p, 'timestamp');
    const items = mapper(p).map((i) => (ts ? { ...i, ts } : i));
    return { agent: AGENT, hookEvent, sessionId: requireString(p, 'session_id', AGENT), cwd: optionalString(p, 'cwd'), items };
  },
};
