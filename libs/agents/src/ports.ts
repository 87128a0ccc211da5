import type { GetOptions, ImportedVersion, ListFilter, MemoryRecord, MemoryVersion, Page, PageRequest } from '@engram/memory';
import type { CascadeReview, RetrieveQuery, RetrieveResponse, ValidateRequest, ValidationReport } from '@engram/retrieval';

/*
 * What the use cases need from the domain libs, stated here because ports live with their user
 * (CONVENTIONS C5). The librarian Gate, the memory RecordReader and the retrieval SearchService
 * satisfy these shapes; the app composition root hands them in.
 */

/** Fields of a new record as the gate receives them (trust comes from the actor, not the caller). */
export interface CreateRecordInput {
  id?: string;
  type: string;
  content: string;
  metadata?: Record<string, unknown>;
  tags?: string[];
  scope: string;
  source?: { type: string; id?: string | null };
  validFrom?: Date;
  validTo?: Date | null;
  confidence?: number;
  links?: RecordLinkInput[];
}

/** A graph link of a new record to an existing one (the gate checks target and scope). */
export interface RecordLinkInput {
  kind: 'derived_from' | 'supports' | 'relates_to' | 'contradicts';
  target: string;
  weight?: number;
}

/** Changes an update may make to a record in place (a new version; immutable types refuse content). */
export interface RecordPatchInput {
  content?: string;
  metadata?: Record<string, unknown>;
  tags?: string[];
  validFrom?: Date;
  validTo?: Date | null;
  confidence?: number;
}

/** The write operations of the gate (SPEC 3, issue 2 correction semantics). */
export type WriteRequestInput =
  | ({ op: 'create' } & CreateRecordInput)
  | { op: 'update'; id: string; patch: RecordPatchInput; expectedVersion?: number }
  | { op: 'supersede'; id: string; replacement: CreateRecordInput; reason?: string; expectedVersion?: number }
  | { op: 'invalidate'; id: string; reason: string; expectedVersion?: number }
  | { op: 'archive'; id: string; reason?: string; expectedVersion?: number }
  | { op: 'forget'; id: string; reason?: string; expectedVersion?: number }
  | { op: 'reinforce'; id: string }
  | { op: 'promote'; id: string; expectedVersion?: number }
  | { op: 'import'; versions: ImportedVersion[] };

/** Who submits: recorded in the audit trail. */
export interface ActorRef {
  id: string;
  kind: 'user' | 'agent' | 'tool' | 'import';
  /** Scope patterns the gate lets this actor write (an API key's scopes); undefined: all. */
  allowedScopes?: string[];
}

/** What the gate did with one request. */
export interface GateOutcomeView {
  requestId: string;
  status: 'committed' | 'pending' | 'rejected' | 'noop';
  decision?: string | null;
  reason: string;
  /** Why a request was rejected (e.g. UNKNOWN_TYPE, SECRET_DETECTED, RATE_LIMITED). */
  code?: string;
  record?: MemoryRecord;
  duplicateOf?: string;
}

/** A request in the gate's queue / log. */
export interface GateRequestView {
  id: string;
  operation: string;
  status: GateRequestState;
  scope: string;
  requestedBy: string;
  decision: string | null;
  reason: string | null;
  reviewer: string | null;
  resultId: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  /** The stored request (redacted) and the submitting actor. */
  payload: { request: unknown; actor: { id: string; kind: string } };
}

/** Gate request states. */
export type GateRequestState = 'pending' | 'approved' | 'rejected' | 'committed' | 'noop';

/** The librarian gate, the only write path. */
export interface GatePort {
  submit(request: WriteRequestInput, actor: ActorRef): Promise<GateOutcomeView>;
  /** As `submit` one after another, in order, with the outcomes in order (one Layer 2 read for a run of creates, ADR-0050). */
  submitBatch(requests: readonly WriteRequestInput[], actor: ActorRef): Promise<GateOutcomeView[]>;
  /** Throws GATE_REQUEST_NOT_FOUND. */
  getRequest(id: string): Promise<GateRequestView>;
  /** Oldest first, keyset-paginated. */
  listRequests(filter?: { status?: GateRequestState; operation?: string; limit?: number; cursor?: string }): Promise<Page<GateRequestView>>;
  approve(id: string, reviewer: string): Promise<GateOutcomeView>;
  reject(id: string, reviewer: string, reason: string): Promise<GateOutcomeView>;
  approveAll(filter: { operation?: string; scope?: string; limit?: number }, reviewer: string): Promise<GateOutcomeView[]>;
  /** True when an import's versions are all stored exactly (a re-import skips it: a read, no request logged). */
  alreadyImported(request: WriteRequestInput): Promise<boolean>;
}

/** Read access to records (the memory RecordReader). */
export interface ReaderPort {
  get(id: string, opts?: GetOptions): Promise<MemoryRecord>;
  list(filter?: ListFilter, page?: PageRequest): Promise<Page<MemoryRecord>>;
  versions(id: string): Promise<MemoryVersion[]>;
  /** Every scope that holds a record, sorted. */
  scopesInUse(): Promise<string[]>;
}

/** Search modes of the retrieval lib. */
export type SearchMode = 'vector' | 'keyword' | 'hybrid';

/** One search hit. */
export interface SearchHitView {
  record: MemoryRecord;
  score: number;
}

/** Hybrid retrieval (the retrieval SearchService). */
export interface SearchPort {
  search(query: {
    text: string;
    mode?: SearchMode;
    topK?: number;
    scopes: string[];
    types?: string[];
    tags?: string[];
    includeArchived?: boolean;
  }): Promise<{ results: SearchHitView[]; mode: SearchMode; degraded?: string | boolean }>;
}

/** Access bookkeeping after a recall (reads reinforce, seed 004). */
export interface AccessPort {
  touch(ids: string[]): Promise<void>;
}

/** Asks for new content to be embedded (the retrieval `requestEmbedding` job); fire-and-forget. */
export interface IndexingPort {
  request(): Promise<unknown>;
}

/** The queue of memories to review because a source they were derived from went stale (retrieval's CascadeReviewQueue). */
export interface CascadeReviewPort {
  listOpen(limit?: number): Promise<CascadeReview[]>;
  resolve(memoryId: string, resolvedBy: string): Promise<number>;
}

/** The validated retrieval pipeline (the retrieval lib's RetrievalPipeline). */
export interface RetrievalPort {
  retrieve(query: RetrieveQuery): Promise<RetrieveResponse>;
  validate(request: ValidateRequest): Promise<ValidationReport[]>;
}
