import type { Kysely } from 'kysely';
import { RecordReader } from '@engram/memory';
import type { Actor } from '../actor.js';
import type { GateDatabase } from '../database-schema.js';
import type { GateOutcome } from '../gate-outcome.js';
import { getGateRequest, listAudit, listGateRequests } from '../gate-request.repository.js';
import type { Gate } from '../gate.service.js';
import { LAYER1_CODES } from '../hard-constraints.js';
import { ImportPresence } from '../import-presence.js';
import { LibrarianSocketClient, type LibrarianAddress } from './socket-client.js';
import { MAX_WIRE_BATCH, reviveOutcome, type GateName } from './wire.js';

/** Options of {@link createRemoteGate}. */
export interface RemoteGateOptions {
  /** The server's own handle (the service login): requests and audit are read here, never written. */
  db: Kysely<any>;
  librarian: LibrarianAddress;
  /** Which of the librarian's gates decides: the agents' or the sweeps'. */
  gate: GateName;
}

/** A {@link Gate} whose decisions are taken by the librarian process; `close` drops its connections. */
export interface RemoteGate extends Gate {
  /** Resolves when the librarian answers (health checks); throws LibrarianUnavailableError. */
  ping(): Promise<void>;
  close(): void;
}

const LAYER1 = new Set<string>(LAYER1_CODES);

/**
 * The servers' side of the librarian split (ADR-0047). Every write, approval and rejection goes
 * to the librarian over its socket, where it is admitted, judged and committed under the
 * librarian's login; this process's login may not log, decide or commit a request at all. Reads
 * of the review queue and the audit stay local: the service login may read them.
 */
export function createRemoteGate(options: RemoteGateOptions): RemoteGate {
  const client = new LibrarianSocketClient(options.librarian);
  const db = options.db as Kysely<GateDatabase>;
  const gate = options.gate;
  // Layer 1 refusals are counted where they happen (the librarian) and again here, per process, for /metrics.
  const rejections = new Map<string, number>();
  const counted = (outcome: GateOutcome) => {
    if (outcome.status === 'rejected' && outcome.code && LAYER1.has(outcome.code)) rejections.set(outcome.code, (rejections.get(outcome.code) ?? 0) + 1);
    return outcome;
  };
  const presence = new ImportPresence(new RecordReader(db));
  const one = async (path: string, body: object) => reviveOutcome((await client.post<{ outcome: GateOutcome }>(path, { gate, ...body })).outcome);
  return {
    submit: async (request: unknown, actor: Actor) => counted(await one('/submit', { request, actor })),
    submitBatch: async (requests: readonly unknown[], actor: Actor) => {
      const outcomes: GateOutcome[] = [];
      // In order, one part after the other: the librarian judges each part after the one before settled.
      for (const part of wireParts(requests)) {
        const answer = await client.post<{ outcomes: GateOutcome[] }>('/submit-batch', { gate, requests: part, actor });
        outcomes.push(...answer.outcomes.map((o) => counted(reviveOutcome(o))));
      }
      return outcomes;
    },
    approve: (id, reviewer, note) => one('/approve', { id, reviewer, ...(note !== undefined ? { note } : {}) }),
    reject: (id, reviewer, reason) => one('/reject', { id, reviewer, reason }),
    approveAll: async (filter, reviewer) => (await client.post<{ outcomes: GateOutcome[] }>('/approve-all', { gate, filter, reviewer })).outcomes.map(reviveOutcome),
    getRequest: (id) => getGateRequest(db, id),
    listRequests: (filter) => listGateRequests(db, filter),
    auditTrail: (id) => listAudit(db, id),
    layer1Rejections: () => Object.fromEntries(rejections),
    // A read: done here, as the service login may.
    alreadyImported: (request) => presence.alreadyImported(request),
    ping: () => client.ping(),
    close: () => client.close(),
  };
}

/** Bytes of requests one `/submit-batch` body carries at most (the librarian refuses bodies over 4 MiB). */
const MAX_PART_BYTES = 3 * 1024 * 1024;

/** The requests in order, cut into parts of at most MAX_WIRE_BATCH requests and about MAX_PART_BYTES. */
function wireParts(requests: readonly unknown[]): unknown[][] {
  const parts: unknown[][] = [];
  let part: unknown[] = [];
  let bytes = 0;
  for (const r of requests) {
    const size = Buffer.byteLength(JSON.stringify(r) ?? '');
    if (part.length > 0 && (part.length === MAX_WIRE_BATCH || bytes + size > MAX_PART_BYTES)) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push(r);
    bytes += size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}
