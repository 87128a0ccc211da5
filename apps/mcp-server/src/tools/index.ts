import { eventsIngestTool } from './events-ingest.tool.js';
import { finishThinkingTool } from './finish-thinking.tool.js';
import { forgetTool } from './forget.tool.js';
import { memoryArchiveTool } from './memory-archive.tool.js';
import { memoryFeedbackTool } from './memory-feedback.tool.js';
import { memoryGetTool } from './memory-get.tool.js';
import { memoryHistoryTool } from './memory-history.tool.js';
import { memoryInvalidateTool } from './memory-invalidate.tool.js';
import { memoryListTool } from './memory-list.tool.js';
import { memoryPromoteTool } from './memory-promote.tool.js';
import { memoryReinforceTool } from './memory-reinforce.tool.js';
import { memoryRetrieveTool } from './memory-retrieve.tool.js';
import { memorySearchTool } from './memory-search.tool.js';
import { memoryStoreTool } from './memory-store.tool.js';
import { memoryStoreBatchTool } from './memory-store-batch.tool.js';
import { memorySupersedeTool } from './memory-supersede.tool.js';
import { memoryUpdateTool } from './memory-update.tool.js';
import { prdContextTool } from './prd-context.tool.js';
import { prdDecisionTool } from './prd-decision.tool.js';
import { prdEventTool } from './prd-event.tool.js';
import { prdStatusTool } from './prd-status.tool.js';
import { recallReasoningTool } from './recall-reasoning.tool.js';
import { memoryValidateTool } from './memory-validate.tool.js';
import { recallTool } from './recall.tool.js';
import { rememberTool } from './remember.tool.js';
import { startThinkingTool } from './start-thinking.tool.js';
import { thinkTool } from './think.tool.js';
import { eventsRangeTool } from './events-range.tool.js';
import { gripExpandTool } from './grip-expand.tool.js';
import { tocBrowseTool } from './toc-browse.tool.js';
import { tocNodeTool } from './toc-node.tool.js';
import { tocRootTool } from './toc-root.tool.js';
import { tocSearchTool } from './toc-search.tool.js';
import type { ToolDefinition } from './tool-definition.js';

/** Every MCP tool this server exposes (one file each). */
export const TOOLS: readonly ToolDefinition<any>[] = [
  memoryStoreTool, memoryGetTool, memoryListTool, memorySearchTool, rememberTool, recallTool, forgetTool,
  // Corrections (issue 2): change, replace, retract, retire or share an existing memory; read its history.
  memoryUpdateTool, memorySupersedeTool, memoryInvalidateTool, memoryArchiveTool, memoryPromoteTool, memoryHistoryTool,
  // Work continuity (SPEC 8, seed 004): PRD execution tracking and thinking chains.
  prdContextTool, prdEventTool, prdDecisionTool, prdStatusTool, startThinkingTool, thinkTool, finishThinkingTool, recallReasoningTool,
  // Validated retrieval (issue 3): the pipeline with provenance, validation and token budgets.
  memoryRetrieveTool, memoryValidateTool,
  // Lifecycle and learning (issue 6, seed 003/004): outcome feedback and explicit reinforcement.
  memoryFeedbackTool, memoryReinforceTool,
  // Conversation memory (SPEC 6, seed 002): the event log fed by agent hooks.
  eventsIngestTool,
  // Bulk loads (issue 39): many records in one call, each judged by the gate.
  memoryStoreBatchTool,
  // Conversation TOC (seed 002 QRY-01..05, TELE-04): navigate, search and expand what was said.
  tocRootTool, tocNodeTool, tocBrowseTool, eventsRangeTool, gripExpandTool, tocSearchTool,
];

/** The wire name of a tool: the seed's dotted name, or `memory_store` style for clients that reject dots. */
export function toolName(name: string, style: 'dotted' | 'underscore'): string {
  return style === 'underscore' ? name.replace(/\./g, '_') : name;
}
