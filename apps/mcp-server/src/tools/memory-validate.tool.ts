import type { ValidationReport } from '@engram/retrieval';
import { z } from 'zod';
import { citationView } from './retrieval-render.js';
import { scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

function reportView(r: ValidationReport): Record<string, unknown> {
  return {
    id: r.id, valid: r.valid, issues: r.issues,
    ...(r.citation ? { citation: citationView(r.citation) } : {}),
    ...(r.provenance ? { provenance: { source_type: r.provenance.sourceType, source_id: r.provenance.sourceId, trust: r.provenance.trust, version: r.provenance.version, gate_request_id: r.provenance.gateRequestId, recorded_at: r.provenance.recordedAt } } : {}),
  };
}

/** memory.validate (seed 000 FR-04): ids → issues, per id. */
export const memoryValidateTool = defineTool({
  name: 'memory.validate',
  title: 'Validate memories',
  description:
    'Check memories by id before relying on them: provenance (a stored, gate-committed version), lifecycle and temporal validity ' +
    '(superseded, retracted, archived, expired), records they were derived from that no longer hold, and contradictions with ' +
    'other current memories. Every id gets a report; unknown ids (or ids outside your scopes) are reported as not_found.',
  readOnly: true,
  uses: 'retrieval',
  inputSchema: z.object({
    ids: z.array(z.string().min(1).max(100)).min(1, 'give at least one id').max(100).describe('Ids of the memories to check (1-100).'),
    scope: scopeField,
  }).strict(),
  async handler(input, { service, ctx }) {
    const reports = await service.validate(input.ids, ctx, input.scope);
    const lines = reports.map((r) => `${r.valid ? 'OK     ' : 'INVALID'} ${r.id}${r.issues.length ? `: ${r.issues.map((i) => `${i.code} (${i.message})`).join('; ')}` : ''}`);
    return { structured: { reports: reports.map(reportView), valid_count: reports.filter((r) => r.valid).length }, text: lines.join('\n') };
  },
});
