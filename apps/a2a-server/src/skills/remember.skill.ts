import { BUILTIN_TYPES } from '@engram/memory';
import { z } from 'zod';
import { defineSkill, scopeParam, wireKeys } from './skill-definition.js';

/** remember (FR-07): store a memory through the Librarian gate (approved, pending review or rejected). */
export const rememberSkill = defineSkill({
  id: 'remember',
  name: 'Remember',
  description: 'Store a new memory (decision, belief, fact, episode, skill, ...) through the Librarian gate. ' +
    'The answer says approved (with the id), pending review (with the gate request id) or rejected (with the reason).',
  tags: ['memory', 'write'],
  examples: ['remember: We deploy on Tuesdays', '{"skill":"remember","type":"decision","content":"Use Postgres for storage"}'],
  textParam: 'content',
  uses: 'memory',
  input: z.strictObject({
    content: z.string().trim().min(1, 'content must not be empty').max(32_000),
    type: z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/, 'type must be a memory type name').default('fact')
      .describe(`Memory type: ${BUILTIN_TYPES.map((t) => t.name).join(', ')} or a configured custom type.`),
    metadata: z.record(z.string(), z.unknown()).optional(),
    tags: z.array(z.string().min(1).max(64)).max(32).optional(),
    scope: scopeParam,
  }),
  async run(input, { service, ctx, protocol }) {
    const r = await service.store(input, ctx);
    const data = wireKeys({ status: r.status, id: r.id, request_id: r.requestId, reason: r.reason, ...(r.code ? { code: r.code } : {}), ...(r.duplicateOf ? { duplicate_of: r.duplicateOf } : {}) }, protocol);
    const summary = r.status === 'approved'
      ? `Remembered as memory://${r.id}${r.duplicateOf ? ' (already known)' : ''}.`
      : r.status === 'pending' ? `Queued for review (gate request ${r.requestId}): ${r.reason}` : `Not stored: ${r.reason}`;
    return { summary, data };
  },
});
