import { randomUUID } from 'node:crypto';
import { Role, type Message, type Part } from '@a2a-js/sdk';

/** Builders for the SDK's v1.0 message shapes (protobuf-style `content.$case`). */
export function textPart(text: string): Part {
  return { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' };
}

export function dataPart(data: unknown): Part {
  return { content: { $case: 'data', value: data }, metadata: undefined, filename: '', mediaType: 'application/json' };
}

export function agentMessage(taskId: string, contextId: string, parts: Part[]): Message {
  return { messageId: randomUUID(), role: Role.ROLE_AGENT, parts, taskId, contextId, metadata: undefined, extensions: [], referenceTaskIds: [] };
}
