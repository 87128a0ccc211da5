import type { HookAdapter, HookIo, HookItem, HookRecord } from './hook-adapter.js';
import { lastAssistantMessage } from './claude-transcript.js';
import { UnknownHookEventError } from './hook-errors.js';
import {
  MAX_MESSAGE_CHARS, MAX_TOOL_RESPONSE_CHARS, optionalString, requireString, responseText, summariseToolInput, truncate,
} from './payload-fields.js';

const AGENT = 'claude-code';
type Payload = Record<string, unknown>;
type Mapper = (p: Payload, io: HookIo) => HookItem[];

function toolMeta(p: Payload): Record<string, unknown> {
  return { toolName: optionalString(p, 'tool_name') ?? 'unknown', toolUseId: optionalString(p, 'tool_use_id'), input: summariseToolInput(p['tool_input']) };
}

/** Stop / SubagentStop: the payload's last_assistant_message, else the transcript's last assistant entry. */
function assistantText(p: Payload, io: HookIo, transcriptField: string): { text: string; uuid?: string; ts?: Date } | undefined {
  const inline = optionalString(p, 'last_assistant_message');
  if (inline) return { text: inline };
  const path = optionalString(p, transcriptField);
  return path ? lastAssistantMessage(path, io) : undefined;
}

/*
 * Claude Code hook events → conversation events (seed 002 HOOK-03, CCH-02). PreToolUse and
 * PostToolUse both record (intent and outcome); Stop records the assistant's answer.
 */
const MAPPERS: Record<string, Mapper> = {
  SessionStart: (p) => [{
    kind: 'session_start', role: 'system',
    text: `session started (${optionalString(p, 'source') ?? 'startup'})${optionalString(p, 'model') ? ` model ${optionalString(p, 'model')}` : ''}`,
    metadata: { source: optionalString(p, 'source'), model: optionalString(p, 'model') },
  }],
  UserPromptSubmit: (p) => [{
    kind: 'user_message', role: 'user', text: truncate(requireString(p, 'prompt', AGENT), MAX_MESSAGE_CHARS), metadata: {},
    ...(optionalString(p, 'prompt_id') ? { naturalId: optionalString(p, 'prompt_id') } : {}),
  }],
  PreToolUse: (p) => {
    const meta = toolMeta(p);
    return [{ kind: 'tool_use', role: 'assistant', text: `${meta.toolName as string}: ${meta.input as string}`, metadata: meta, ...(meta.toolUseId ? { naturalId: `pre:${meta.toolUseId as string}` } : {}) }];
  },
  PostToolUse: (p) => {
    const meta = toolMeta(p);
    const response = truncate(responseText(p['tool_response']), MAX_TOOL_RESPONSE_CHARS);
    return [{
      kind: 'tool_result', role: 'tool', text: `${meta.toolName as string}: ${meta.input as string}\n→ ${response}`, metadata: meta,
      ...(meta.toolUseId ? { naturalId: `post:${meta.toolUseId as string}` } : {}),
    }];
  },
  Stop: (p, io) => {
    const msg = assistantText(p, io, 'transcript_path');
    if (!msg) return [];
    const naturalId = msg.uuid ?? optionalString(p, 'prompt_id');
    return [{ kind: 'assistant_message', role: 'assistant', text: truncate(msg.text, MAX_MESSAGE_CHARS), metadata: {}, ...(msg.ts ? { ts: msg.ts } : {}), ...(naturalId ? { naturalId: `stop:${naturalId}` } : {}) }];
  },
  SubagentStop: (p, io) => {
    const msg = assistantText(p, io, 'agent_transcript_path');
    const agentType = optionalString(p, 'agent_type') ?? 'subagent';
    return [{
      kind: 'subagent_stop', role: 'assistant', text: msg ? `${agentType}: ${truncate(msg.text, MAX_MESSAGE_CHARS)}` : `${agentType} finished`,
      metadata: { agentId: optionalString(p, 'agent_id'), agentType }, ...(msg?.ts ? { ts: msg.ts } : {}),
      ...(optionalString(p, 'agent_id') ? { naturalId: `subagent:${optionalString(p, 'agent_id')}` } : {}),
    }];
  },
  PreCompact: (p) => [{
    kind: 'pre_compact', role: 'system',
    text: `context compaction (${optionalString(p, 'trigger') ?? 'auto'})${optionalString(p, 'custom_instructions') ? `: ${optionalString(p, 'custom_instructions')}` : ''}`,
    metadata: { trigger: optionalString(p, 'trigger') },
  }],
  SessionEnd: (p) => [{ kind: 'session_end', role: 'system', text: `session ended (${optionalString(p, 'reason') ?? 'other'})`, metadata: { reason: optionalString(p, 'reason') } }],
};

/** Claude Code: `hook_event_name` plus `session_id` and `transcript_path` on every payload. */
export const claudeCodeAdapter: HookAdapter = {
  agent: AGENT,
  events: Object.keys(MAPPERS),
  stdoutOnSuccess: '', // UserPromptSubmit/SessionStart stdout becomes model context: print nothing
  detect: (p) => typeof p['hook_event_name'] === 'string' && typeof p['session_id'] === 'string' && ('transcript_path' in p || 'permission_mode' in p) && !('timestamp' in p),
  map(p: Payload, io: HookIo): HookRecord {
    const hookEvent = requireString(p, 'hook_event_name', AGENT);
    const mapper = MAPPERS[hookEvent];
    if (!mapper) throw new UnknownHookEventError(AGENT, hookEvent, Object.keys(MAPPERS));
    return { agent: AGENT, hookEvent, sessionId: requireString(p, 'session_id', AGENT), cwd: optionalString(p, 'cwd'), items: mapper(p, io) };
  },
};
