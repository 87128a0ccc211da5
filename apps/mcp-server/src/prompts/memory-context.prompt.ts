import type { CallContext, ConversationCapability } from '@engram/agents';
import { z } from 'zod';

/*
 * The `memory-context` prompt (seed 002 SKILL-01 /memory-context): "what we were doing" in this
 * project, from the latest TOC summaries and recent segments, within a token budget. The text is a
 * pure function of the stored TOC, so while memory is unchanged the block is byte-identical and
 * the client's prompt cache stays warm. Prompt arguments are strings on the wire (MCP).
 */
export const MEMORY_CONTEXT_PROMPT = 'memory-context';

export const memoryContextArgs = {
  max_tokens: z.string().regex(/^\d{2,6}$/, 'max_tokens must be a whole number (100..100000)').optional()
    .describe('Token budget of the block (default 2000).'),
  scope: z.string().regex(/^(project|agent):\S.{0,500}$/, 'scope must be project:<id>').optional()
    .describe('Project scope (default: the session scope).'),
};

export async function memoryContextPrompt(service: ConversationCapability, ctx: CallContext, args: { max_tokens?: string | undefined; scope?: string | undefined }) {
  const maxTokens = args.max_tokens === undefined ? 2000 : Number(args.max_tokens);
  if (maxTokens < 100 || maxTokens > 100_000) throw new Error('max_tokens must be between 100 and 100000');
  const c = await service.toc.memoryContext(ctx, { maxTokens, ...(args.scope ? { scope: args.scope } : {}) });
  return {
    description: `What we were doing in ${args.scope ?? ctx.scope ?? 'this project'} (${c.tokens} tokens)`,
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text: c.text } }],
  };
}
