import { z } from 'zod';
import { prdIdField, prdStatusField, scoped } from './continuity-schemas.js';
import { snakeKeys } from './continuity-render.js';
import { scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** prd_status (seed 004 update_prd_status): pause, block, resume or complete an execution. */
export const prdStatusTool = defineTool({
  name: 'prd_status',
  title: 'PRD status',
  description:
    'Change a PRD execution status: not_started → in_progress/paused/blocked; in_progress → paused/blocked/completed; ' +
    'paused/blocked → in_progress (or each other); completed is final and needs every requirement completed or not started. ' +
    'Completing compacts the log into a narrative and stores decisions and learnings as memories through the gate.',
  readOnly: false,
  uses: 'continuity',
  inputSchema: z.object({ prd_id: prdIdField, status: prdStatusField, scope: scopeField }).strict(),
  async handler(input, { service, ctx }) {
    const r = await service.prd.updateStatus(input.prd_id, input.status, scoped(ctx, input.scope));
    const structured = snakeKeys({
      id: r.execution.id, status: r.execution.status, progress: r.execution.progress, compacted_at: r.execution.compactedAt,
      ...(r.compaction ? { compaction: r.compaction } : {}),
    }) as Record<string, unknown>;
    const text = r.compaction
      ? `completed and compacted (${r.compaction.decisions.formed}/${r.compaction.decisions.total} decisions stored as memories)\n${r.compaction.narrative}`
      : `PRD ${r.execution.id} is ${r.execution.status}`;
    return { structured, text };
  },
});
