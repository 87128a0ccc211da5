/**
 * Multi-agent modes (seed 002 STOR-06). `unified`: one log per project, each event tagged with its
 * agent. `per-agent`: the project key itself carries the agent (`project:acme@claude-code`), so each
 * agent's conversation is a store of its own, as the seed's "separate stores" option.
 */
export const CONVERSATION_MODES = ['unified', 'per-agent'] as const;
export type ConversationMode = (typeof CONVERSATION_MODES)[number];

/** The log key of a project scope for an agent in a mode. */
export function conversationProject(projectScope: string, agent: string, mode: ConversationMode): string {
  return mode === 'per-agent' ? `${projectScope}@${agent}` : projectScope;
}
