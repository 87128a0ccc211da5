import type { z } from 'zod';
import { finishThinkingTool } from './finish-thinking.tool.js';
import { forgetTool } from './forget.tool.js';
import { gripExpandTool } from './grip-expand.tool.js';
import { memoryArchiveTool } from './memory-archive.tool.js';
import { memoryFeedbackTool } from './memory-feedback.tool.js';
import { memoryInvalidateTool } from './memory-invalidate.tool.js';
import { memorySearchTool } from './memory-search.tool.js';
import { memorySupersedeTool } from './memory-supersede.tool.js';
import { memoryUpdateTool } from './memory-update.tool.js';
import { memoryValidateTool } from './memory-validate.tool.js';
import { prdContextTool } from './prd-context.tool.js';
import { prdDecisionTool } from './prd-decision.tool.js';
import { recallReasoningTool } from './recall-reasoning.tool.js';
import { recallTool } from './recall.tool.js';
import { startThinkingTool } from './start-thinking.tool.js';
import { thinkTool } from './think.tool.js';
import { tocSearchTool } from './toc-search.tool.js';
import type { ToolDefinition } from './tool-definition.js';

/*
 * What a tool's input validation does that its JSON Schema in tools/list cannot show (the golden
 * in tool-schemas.spec.ts pins the rest): text arguments are trimmed before their length checks,
 * the messages an agent gets back when it sends an empty text, and cross-field rules (`.refine`).
 */
const ID = '018f6b1e-8a4e-7cc0-9b1a-2f3c4d5e6f70';

function field(tool: ToolDefinition<any>, name: string): z.ZodType {
  const schema = (tool.inputSchema.shape as Record<string, z.ZodType | undefined>)[name];
  if (!schema) throw new Error(`${tool.name} has no argument ${name}`);
  return schema;
}

/** Every text argument of a tool's own schema that is trimmed: "  x  " means "x", blank means empty. */
const TRIMMED: ReadonlyArray<[ToolDefinition<any>, string]> = [
  [finishThinkingTool, 'summary'], [forgetTool, 'reason'], [gripExpandTool, 'grip_id'], [memoryArchiveTool, 'reason'],
  [memoryFeedbackTool, 'query'], [memoryInvalidateTool, 'reason'], [memorySearchTool, 'query'], [memorySupersedeTool, 'reason'],
  [prdContextTool, 'prd_ref'], [prdContextTool, 'title'], [prdContextTool, 'prd_hash'], [prdDecisionTool, 'decision'],
  [prdDecisionTool, 'reason'], [recallReasoningTool, 'query'], [recallTool, 'query'], [startThinkingTool, 'query'],
  [thinkTool, 'content'], [thinkTool, 'branch_id'], [tocSearchTool, 'query'],
];

describe('text arguments are trimmed before they are checked (not visible in the JSON Schema)', () => {
  it.each(TRIMMED.map(([tool, name]) => [tool.name, name, tool] as const))('%s %s: padding is dropped, blank text is refused', (_, name, tool) => {
    const schema = field(tool, name);
    expect(schema.parse('  some text \n')).toBe('some text');
    expect(schema.safeParse(' \t\n ').success).toBe(false);
  });

  it('prd_decision alternatives: each one trimmed, a blank one refused', () => {
    const schema = field(prdDecisionTool, 'alternatives');
    expect(schema.parse([' use a queue ', 'poll'])).toEqual(['use a queue', 'poll']);
    expect(schema.safeParse(['poll', '  ']).success).toBe(false);
  });
});

describe('a blank required text is refused with a message that names the argument', () => {
  const cases: ReadonlyArray<[ToolDefinition<any>, string, string]> = [
    [memoryInvalidateTool, 'reason', 'reason must not be empty'],
    [memorySearchTool, 'query', 'query must not be empty'],
    [recallTool, 'query', 'query must not be empty'],
    [recallReasoningTool, 'query', 'query must not be empty'],
    [startThinkingTool, 'query', 'query must not be empty'],
    [thinkTool, 'content', 'content must not be empty'],
    [prdDecisionTool, 'decision', 'decision must not be empty'],
  ];
  it.each(cases.map(([tool, name, message]) => [tool.name, name, message, tool] as const))('%s %s', (_, name, message, tool) => {
    expect(field(tool, name).safeParse('   ').error?.issues.map((i) => i.message)).toEqual([message]);
  });
});

describe('an empty id list is refused with a message that says what to give', () => {
  it('memory.feedback memory_ids and memory.validate ids', () => {
    expect(field(memoryFeedbackTool, 'memory_ids').safeParse([]).error?.issues.map((i) => i.message)).toEqual(['give at least one memory id']);
    expect(field(memoryValidateTool, 'ids').safeParse([]).error?.issues.map((i) => i.message)).toEqual(['give at least one id']);
  });
});

describe('memory.update needs at least one change', () => {
  const base = { id: ID, expected_version: 3 };
  const changes: ReadonlyArray<[string, unknown]> = [
    ['content', 'new text'], ['metadata', { k: 1 }], ['tags', ['a']],
    ['temporal_valid_from', '2026-11-26T07:00:00Z'], ['temporal_valid_to', '2026-12-26T07:00:00Z'],
  ];

  it.each(changes)('%s alone is a change', (name, value) => {
    expect(memoryUpdateTool.inputSchema.safeParse({ ...base, [name]: value }).success).toBe(true);
  });

  it('temporal_valid_to: null (reopen the validity) is a change too', () => {
    expect(memoryUpdateTool.inputSchema.safeParse({ ...base, temporal_valid_to: null }).success).toBe(true);
  });

  it('no change at all (a scope is not one) is refused and the message lists what may change', () => {
    const parsed = memoryUpdateTool.inputSchema.safeParse({ ...base, scope: 'global' });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      'give at least one of content, metadata, tags, temporal_valid_from, temporal_valid_to',
    ]);
  });
});

describe('toc.search time window: from must be before to', () => {
  const search = (window: { from?: string; to?: string }) => tocSearchTool.inputSchema.safeParse({ query: 'the trip', ...window });

  it('accepts an ordered window, or only one end of it', () => {
    expect(search({ from: '2026-10-01T00:00:00Z', to: '2026-10-02T00:00:00Z' }).success).toBe(true);
    expect(search({ from: '2026-10-01T00:00:00Z' }).success).toBe(true);
    expect(search({ to: '2026-10-01T00:00:00Z' }).success).toBe(true);
  });

  it('compares instants, not text: 01:00+02:00 is before 00:00Z', () => {
    expect(search({ from: '2026-10-01T01:00:00+02:00', to: '2026-10-01T00:00:00Z' }).success).toBe(true);
    expect(search({ from: '2026-10-01T00:00:00Z', to: '2026-10-01T01:00:00+02:00' }).success).toBe(false);
  });

  it('refuses an empty or reversed window with the reason', () => {
    for (const window of [{ from: '2026-10-01T00:00:00Z', to: '2026-10-01T00:00:00Z' }, { from: '2026-10-02T00:00:00Z', to: '2026-10-01T00:00:00Z' }]) {
      expect(search(window).error?.issues.map((i) => i.message)).toEqual(['from must be before to']);
    }
  });
});
