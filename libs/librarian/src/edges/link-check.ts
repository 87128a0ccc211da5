import type { RecordReader } from '@engram/memory';
import type { LinkInput } from '../write-request.js';
import type { PlannedEdge } from './planned-edge.js';

/** Why a request's links were refused. */
export interface LinkProblem {
  code: 'RECORD_NOT_FOUND' | 'INVALID_STATE' | 'SCOPE_DENIED';
  reason: string;
}

/**
 * Explicit links must point at a stored, not forgotten record that every reader of the new
 * record may already see: one in the same scope, or a global one. A link into another project
 * or agent scope is refused outright, so no edge ever joins two scopes a reader could see apart
 * (traversal filters by the reader's scopes as well: defence in depth, ADR-0010).
 */
export async function checkLinks(links: readonly LinkInput[] | undefined, scope: string, reader: RecordReader): Promise<PlannedEdge[] | LinkProblem> {
  const edges: PlannedEdge[] = [];
  for (const link of links ?? []) {
    const target = await reader.findHead(link.target);
    if (!target) return { code: 'RECORD_NOT_FOUND', reason: `link target ${link.target} not found` };
    if (target.status === 'forgotten') return { code: 'INVALID_STATE', reason: `link target ${link.target} is forgotten` };
    if (target.scope !== scope && target.scope !== 'global') {
      return { code: 'SCOPE_DENIED', reason: `a record in ${scope} may link only to records in ${scope} or global; ${link.target} is in another scope` };
    }
    edges.push({ kind: link.kind, other: target.id, weight: link.weight ?? 1 });
  }
  return edges;
}
