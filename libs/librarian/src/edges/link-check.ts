import type { RecordReader } from '@engram/memory';
import type { LinkInput } from '../write-request.js';
import type { PlannedEdge } from './planned-edge.js';

/** Why a request's links were refused. */
export interface LinkProblem {
  code: 'RECORD_NOT_FOUND' | 'INVALID_STATE';
  reason: string;
}

/**
 * Explicit links must point at a stored, not forgotten record that every reader of the new
 * record may already see: one in the same scope, or a global one. A link into another project
 * or agent scope is refused outright, so no edge ever joins two scopes a reader could see apart
 * (traversal filters by the reader's scopes as well: defence in depth, ADR-0010). A record of
 * another scope answers exactly as an unknown id does, whatever its status: a different answer
 * would tell the caller that an id exists where it cannot look (issue 17's existence oracle).
 */
export async function checkLinks(links: readonly LinkInput[] | undefined, scope: string, reader: RecordReader): Promise<PlannedEdge[] | LinkProblem> {
  const edges: PlannedEdge[] = [];
  for (const link of links ?? []) {
    const target = await reader.findHead(link.target);
    if (!target || (target.scope !== scope && target.scope !== 'global')) {
      return { code: 'RECORD_NOT_FOUND', reason: `link target ${link.target} not found in ${scope} or global` };
    }
    if (target.status === 'forgotten') return { code: 'INVALID_STATE', reason: `link target ${link.target} is forgotten` };
    edges.push({ kind: link.kind, other: target.id, weight: link.weight ?? 1 });
  }
  return edges;
}
