import { DEFAULT_SKILL, findSkill, SKILLS } from './index.js';
import { readSkillCall, viewOfMessage } from './skill-call.js';
import { parseSkillInput, type SkillDefinition } from './skill-definition.js';

export type SkillRequest = { ok: true; skill: SkillDefinition; input: unknown } | { ok: false; message: string };

const SKILL_IDS = SKILLS.map((s) => s.id);

/** The skill a message asks for and its validated input, or why the message cannot be run. */
export function resolveSkillRequest(message: unknown): SkillRequest {
  const view = viewOfMessage(message);
  if (view.texts.length === 0 && view.data.length === 0) {
    return { ok: false, message: 'the message has no text or data part: say what to research, remember or recall' };
  }
  const call = readSkillCall(view, SKILL_IDS, DEFAULT_SKILL);
  const skill = findSkill(call.skill);
  if (!skill) return { ok: false, message: `unknown skill "${call.skill}": engram's skills are ${SKILL_IDS.join(', ')}` };
  const parsed = parseSkillInput(skill, call);
  return parsed.ok ? { ok: true, skill, input: parsed.input } : parsed;
}
