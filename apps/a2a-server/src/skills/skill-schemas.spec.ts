import { openObjects } from '../../../../tools/test/open-objects.js';
import { buildAgentCard, SKILL_SCHEMAS_EXTENSION } from '../agent-card.js';
import { SKILLS } from './index.js';

/** The skill input schemas exactly as other agents read them: from the published agent card. */
function publishedSchemas(): Record<string, unknown> {
  const card = buildAgentCard({ publicUrl: 'http://127.0.0.1:7432', version: '0.0.0-test', authRequired: true });
  const extension = card.capabilities?.extensions?.find((e) => e.uri === SKILL_SCHEMAS_EXTENSION);
  return (extension?.params ?? {}) as Record<string, unknown>;
}

/** Free-form maps a skill accepts by design (user data), by JSON pointer. */
const FREE_FORM_MAPS: Record<string, readonly string[]> = { remember: ['/properties/metadata'] };

describe('A2A skill input schemas on the agent card (issue 22)', () => {
  it('publishes one schema per skill', () => {
    expect(Object.keys(publishedSchemas()).sort()).toEqual(SKILLS.map((s) => s.id).sort());
  });

  it('closes every object at every nesting level; free-form maps only where listed', () => {
    for (const [id, schema] of Object.entries(publishedSchemas())) {
      expect({ skill: id, open: openObjects(schema, FREE_FORM_MAPS[id] ?? []) }).toEqual({ skill: id, open: [] });
    }
  });

  it('rejects unknown keys at the top level of every skill input', () => {
    for (const skill of SKILLS) {
      const parsed = skill.input.safeParse({ [skill.textParam]: 'x', unexpected: true });
      expect({ skill: skill.id, codes: parsed.error?.issues.map((i) => i.code) }).toEqual({ skill: skill.id, codes: expect.arrayContaining(['unrecognized_keys']) });
    }
  });
});
