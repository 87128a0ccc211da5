import type { GatePort, GateRequestState, GateRequestView } from './ports.js';
import { toChangeResult, type ChangeResult } from './write.use-cases.js';

/** Filter of bulk approval: memory types of the queued records (empty: every pending request). */
export interface ApproveAllFilter {
  types?: string[];
}

function requestType(r: GateRequestView): string | undefined {
  const req = r.payload?.request as { type?: unknown; replacement?: { type?: unknown } } | undefined;
  const type = req?.type ?? req?.replacement?.type;
  return typeof type === 'string' ? type : undefined;
}

/** Manual review of the gate's queue. */
export interface GateReviewUseCases {
  list(status?: GateRequestState, limit?: number): Promise<GateRequestView[]>;
  show(id: string): Promise<GateRequestView>;
  approve(id: string, reviewer: string): Promise<ChangeResult>;
  reject(id: string, reviewer: string, reason: string): Promise<ChangeResult>;
  /** Approves every pending request, or only those whose record type is in `filter.types`. */
  approveAll(filter: ApproveAllFilter, reviewer: string): Promise<ChangeResult[]>;
  /** Number of requests waiting for review. */
  pendingCount(): Promise<number>;
}

export function createReviewUseCases(gate: GatePort): GateReviewUseCases {
  async function pending(): Promise<GateRequestView[]> {
    const all: GateRequestView[] = [];
    let cursor: string | undefined;
    do {
      const page = await gate.listRequests({ status: 'pending', limit: 500, cursor });
      all.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return all;
  }

  return {
    async list(status: GateRequestState = 'pending', limit = 100): Promise<GateRequestView[]> {
      return (await gate.listRequests({ status, limit })).items;
    },
    show: (id: string): Promise<GateRequestView> => gate.getRequest(id),
    approve: async (id: string, reviewer: string): Promise<ChangeResult> => toChangeResult(await gate.approve(id, reviewer)),
    reject: async (id: string, reviewer: string, reason: string): Promise<ChangeResult> =>
      toChangeResult(await gate.reject(id, reviewer, reason)),
    /** Approves every pending request, or only those whose record type is in `filter.types`. */
    async approveAll(filter: ApproveAllFilter, reviewer: string): Promise<ChangeResult[]> {
      if (!filter.types?.length) return (await gate.approveAll({}, reviewer)).map(toChangeResult);
      const wanted = new Set(filter.types);
      const results: ChangeResult[] = [];
      for (const r of await pending()) {
        const type = requestType(r);
        if (type !== undefined && wanted.has(type)) results.push(toChangeResult(await gate.approve(r.id, reviewer)));
      }
      return results;
    },
    /** Number of requests waiting for review. */
    async pendingCount(): Promise<number> {
      return (await pending()).length;
    },
  };
}
