#!/usr/bin/env node
// Calls engram over A2A with the official SDK client: discovers the agent card, remembers one
// fact, then researches it back and prints the answer and the citations.
//
//   ENGRAM_API_KEY=... node docs/examples/a2a-call-engram.mjs http://127.0.0.1:7432 "We deploy on Tuesdays" "when do we deploy?"
//
// Needs `@a2a-js/sdk` (npm install @a2a-js/sdk); in the engram repository it is already installed.
import { randomUUID } from 'node:crypto';
import { Role } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, RestTransportFactory } from '@a2a-js/sdk/client';

const [baseUrl = 'http://127.0.0.1:7432', fact = 'We deploy on Tuesdays', question = 'when do we deploy?'] = process.argv.slice(2);
const apiKey = process.env.ENGRAM_API_KEY;
if (!apiKey) {
  console.error('set ENGRAM_API_KEY to the key the engram A2A server was started with');
  process.exit(2);
}

// Every call but the agent card needs the key as a Bearer token.
const fetchImpl = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${apiKey}`);
  return fetch(input, { ...init, headers });
};
const factory = new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
  transports: [new JsonRpcTransportFactory({ fetchImpl }), new RestTransportFactory({ fetchImpl })],
}));
const client = await factory.createFromUrl(baseUrl); // reads /.well-known/agent-card.json

const part = (content) => ({ content, metadata: undefined, filename: '', mediaType: content.$case === 'text' ? 'text/plain' : 'application/json' });
const send = (parts) => client.sendMessage({
  tenant: '', configuration: undefined, metadata: undefined,
  message: { messageId: randomUUID(), role: Role.ROLE_USER, parts, metadata: undefined, taskId: '', contextId: '', extensions: [], referenceTaskIds: [] },
});
const answer = (task) => {
  const parts = task.status?.message?.parts ?? [];
  return {
    text: parts.find((p) => p.content?.$case === 'text')?.content.value,
    data: parts.find((p) => p.content?.$case === 'data')?.content.value,
  };
};

// remember: a data part names the skill and its input (schemas are in the card's extension).
const stored = await send([part({ $case: 'data', value: { skill: 'remember', type: 'fact', content: fact } })]);
console.log(`remember → ${answer(stored).text}`);

// research is the default skill: a plain text question is enough.
const researched = await send([part({ $case: 'text', value: question })]);
const { text, data } = answer(researched);
console.log(`research → ${text}`);
for (const c of data?.citations ?? []) console.log(`  cite ${c.url} (${c.type}, confidence ${c.confidence})`);
