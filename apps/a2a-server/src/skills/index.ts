import { recallSkill } from './recall.skill.js';
import { rememberSkill } from './remember.skill.js';
import { researchSkill } from './research.skill.js';
import type { SkillDefinition } from './skill-definition.js';

/** Every skill on the agent card, in card order. A message that names none runs research. */
export const SKILLS: readonly SkillDefinition[] = [researchSkill, rememberSkill, recallSkill];
export const DEFAULT_SKILL = researchSkill.id;

export function findSkill(id: string): SkillDefinition | undefined {
  return SKILLS.find((s) => s.id === id);
}
