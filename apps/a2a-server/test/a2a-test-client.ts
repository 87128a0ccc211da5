import { randomUUID } from 'node:crypto';
import { Role, TaskState, type AgentCard, type Message, type Part, type SendMessageRequest, type SendMessageResult, type Task } from '@a2a-js/sdk';
import { Client, ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, RestTransportFactory } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport } from '@a2a-js/sdk/compat/v0_3/client';

/** A fetch that sends the API key, the way an A2A caller configures its client. */
export function fetchWithKey(apiKey: string | undefined): typeof fetch {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (apiKey !== undefined) headers.set('authorization', `Bearer ${apiKey}`);
    return fetch(input, { ...init, headers });
  };
}

/** The official v1.0 client, discovered from the agent card, preferring one binding. */
export async function v1Client(baseUrl: string, apiKey: string | undefined, binding: 'JSONRPC' | 'HTTP+JSON' = 'JSONRPC'): Promise<Client> {
  const fetchImpl = fetchWithKey(apiKey);
  const factory = new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
    transports: [new JsonRpcTransportFactory({ fetchImpl }), new RestTransportFactory({ fetchImpl })],
    preferredTransports: [binding],
  }));
  return factory.createFromUrl(baseUrl);
}

/** The SDK's v0.3 transport (what a v0.3 peer speaks) against the JSON-RPC endpoint. */
export function v03Client(baseUrl: string, apiKey: string, card: AgentCard): Client {
  return new Client(new LegacyJsonRpcTransport({ endpoint: `${baseUrl}/a2a/jsonrpc`, fetchImpl: fetchWithKey(apiKey) }), card);
}

export function text(value: string): Part {
  return { content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: 'text/plain' };
}

export function data(value: Record<string, unknown>): Part {
  return { content: { $case: 'data', value }, metadata: undefined, filename: '', mediaType: 'application/json' };
}

export function request(parts: Part[], metadata?: Record<string, unknown>): SendMessageRequest {
  const message: Message = {
    messageId: randomUUID(), role: Role.ROLE_USER, parts, metadata, taskId: '', contextId: '', extensions: [], referenceTaskIds: [],
  };
  return { tenant: '', message, configuration: undefined, metadata: undefined };
}

export function asTask(result: SendMessageResult): Task {
  if (!('status' in result)) throw new Error(`expected a task, got a message: ${JSON.stringify(result)}`);
  return result;
}

/** The text and data parts of the task's final status message. */
export function answer(task: Task): { text: string; data: Record<string, any> } {
  const parts = task.status?.message?.parts ?? [];
  const textPart = parts.find((p) => p.content?.$case === 'text');
  const dataPart = parts.find((p) => p.content?.$case === 'data');
  return { text: String(textPart?.content?.value ?? ''), data: (dataPart?.content?.value ?? {}) as Record<string, any> };
}

export { TaskState };
