import { A2A_PROTOCOL_VERSION, type AgentCard, type AgentInterface } from '@a2a-js/sdk';
import { z } from 'zod';
import { SKILLS } from './skills/index.js';

/** The v0.3 protocol version the SDK's compatibility layer speaks (seed 000 FR-07). */
export const LEGACY_PROTOCOL_VERSION = '0.3';
/** Where the transports are mounted under the public URL. */
export const JSONRPC_PATH = '/a2a/jsonrpc';
export const REST_PATH = '/a2a/rest';
/** The card extension that carries each skill's JSON input schema (v1.0 skills have no schema field). */
export const SKILL_SCHEMAS_EXTENSION = 'urn:engram:a2a:skill-input-schemas:v1';

export interface AgentCardOptions {
  /** Base URL other agents reach this server at, e.g. http://127.0.0.1:7432 (no trailing slash). */
  publicUrl: string;
  version: string;
  /** False only under the loopback-only, loudly logged conformance switch. */
  authRequired: boolean;
}

function interfaces(publicUrl: string): AgentInterface[] {
  const bindings: [string, string][] = [['JSONRPC', JSONRPC_PATH], ['HTTP+JSON', REST_PATH]];
  // Both interface sets on the same URLs: the SDK routes by the A2A-Version header (absent = 0.3).
  return [A2A_PROTOCOL_VERSION, LEGACY_PROTOCOL_VERSION].flatMap((protocolVersion) =>
    bindings.map(([protocolBinding, path]) => ({ url: `${publicUrl}${path}`, protocolBinding, tenant: '', protocolVersion })));
}

/** engram's agent card (FR-07): skills research, remember, recall; Bearer auth; both protocol versions. */
export function buildAgentCard({ publicUrl, version, authRequired }: AgentCardOptions): AgentCard {
  return {
    name: 'engram',
    description: 'Long-term memory for AI agents: validated hybrid retrieval with provenance and temporal validity, ' +
      'and gate-governed writes (the Librarian).',
    supportedInterfaces: interfaces(publicUrl),
    provider: { organization: 'engram', url: publicUrl },
    version,
    documentationUrl: `${publicUrl}/docs/a2a`,
    capabilities: {
      streaming: true,
      pushNotifications: false,
      extendedAgentCard: false,
      extensions: [{
        uri: SKILL_SCHEMAS_EXTENSION,
        description: 'JSON Schema of each skill\'s input: send it as a data part (or put the query/content in a text part).',
        required: false,
        params: Object.fromEntries(SKILLS.map((s) => [s.id, z.toJSONSchema(s.input, { io: 'input' })])),
      }],
    },
    securitySchemes: authRequired
      ? { bearer: { scheme: { $case: 'httpAuthSecurityScheme', value: { scheme: 'Bearer', bearerFormat: 'API key', description: 'Authorization: Bearer <ENGRAM_API_KEY>' } } } }
      : {},
    securityRequirements: authRequired ? [{ schemes: { bearer: { list: [] } } }] : [],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['text/plain', 'application/json'],
    skills: SKILLS.map((s) => ({
      id: s.id, name: s.name, description: s.description, tags: s.tags, examples: s.examples,
      inputModes: ['text/plain', 'application/json'], outputModes: ['text/plain', 'application/json'], securityRequirements: [],
    })),
    signatures: [],
  };
}
