/*
 * The use cases per capability (ADR-0037), declared rather than inferred: each MCP tool, A2A skill
 * and CLI command names the one capability it needs, so it sees only those members. The memory
 * service implements all six (`MemoryService`), for composition roots and tests.
 */
import type { DecisionEngine } from '@engram/lifecycle';
import type { MemoryRecord, MemoryVersion, Page } from '@engram/memory';
import type { CascadeReview, ValidationReport } from '@engram/retrieval';
import type { ChainUseCases } from './continuity/chain.use-cases.js';
import type { PrdUseCases } from './continuity/prd.use-cases.js';
import type { ConversationUseCases } from './conversation/conversation.use-cases.js';
import type { TocUseCases } from './conversation/toc.use-cases.js';
import type { FeedbackInput, FeedbackOutput } from './lifecycle/feedback.use-case.js';
import type { ImplicitEventInput, ImplicitFormationResult } from './lifecycle/implicit-formation.js';
import type { RecordPatchInput } from './ports.js';
import type { ProgressOptions } from './progress.js';
import type { ListInput, SearchInput, SearchOutput } from './read.use-cases.js';
import type { ResearchInput, ResearchOutput } from './researcher/researcher.js';
import type { RecallInput, RecallOutput, RetrieveInput, RetrieveOutput } from './retrieve.use-cases.js';
import type { GateReviewUseCases } from './review.use-cases.js';
import type { CallContext } from './scope-context.js';
import type { ExportLine } from './transfer.use-cases.js';
import type { ChangeResult, StoreInput, StoreResult, SupersedeOptions } from './write.use-cases.js';

/** Input of remember (seed 004): an explicit memory, straight to the gate. */
export type RememberInput = Omit<StoreInput, 'type'> & { type?: string };

/** The replacement of a supersede: type and scope default to the superseded record's. */
export type ReplacementInput = Omit<StoreInput, 'type'> & { type?: string };

/**
 * Records: reads confined to the caller's scopes, every write a gate request, export and import.
 * A change to an existing record first proves the caller can see it (no cross-scope writes).
 */
export interface MemoryUseCases {
  get(id: string, ctx: CallContext, opts?: { version?: number; asOf?: Date; scope?: string }): Promise<MemoryRecord>;
  /** Every stored version of a visible record, oldest first. */
  history(id: string, ctx: CallContext, scope?: string): Promise<MemoryVersion[]>;
  list(input: ListInput, ctx: CallContext): Promise<Page<MemoryRecord>>;
  search(input: SearchInput, ctx: CallContext): Promise<SearchOutput>;
  store(input: StoreInput, ctx: CallContext): Promise<StoreResult>;
  /** Many stores as if one after another, in order; each record gets its own result, in order (memory.store_batch). */
  storeBatch(inputs: readonly StoreInput[], ctx: CallContext): Promise<StoreResult[]>;
  /** An unlabelled explicit memory is a fact. */
  remember(input: RememberInput, ctx: CallContext): Promise<StoreResult>;
  forget(id: string, ctx: CallContext, reason?: string): Promise<ChangeResult>;
  invalidate(id: string, reason: string, ctx: CallContext): Promise<ChangeResult>;
  update(id: string, patch: RecordPatchInput, expectedVersion: number | undefined, ctx: CallContext): Promise<ChangeResult>;
  supersede(id: string, replacement: ReplacementInput, ctx: CallContext, opts?: SupersedeOptions): Promise<StoreResult>;
  archive(id: string, ctx: CallContext, reason?: string): Promise<ChangeResult>;
  promote(id: string, ctx: CallContext): Promise<ChangeResult>;
  reinforce(id: string, ctx: CallContext): Promise<ChangeResult>;
  exportAll(scope?: string): AsyncGenerator<ExportLine>;
  countAll(scope?: string): Promise<number>;
  importLine(text: string, line: number, ctx: CallContext): Promise<ChangeResult>;
  /** The scopes holding a memory that the caller may read (an operator: every one), sorted. */
  knownScopes(ctx: CallContext): Promise<string[]>;
}

/** Validated retrieval (memory.retrieve, validate, recall) and the Researcher over it. */
export interface RetrievalUseCases {
  retrieve(input: RetrieveInput, ctx: CallContext): Promise<RetrieveOutput>;
  validate(ids: string[], ctx: CallContext, scope?: string): Promise<ValidationReport[]>;
  recall(input: RecallInput, ctx: CallContext): Promise<RecallOutput>;
  research(input: ResearchInput, ctx: CallContext): Promise<ResearchOutput>;
}

/** Work continuity (SPEC 8, seed 004): PRD executions and thinking chains. */
export interface ContinuityUseCases {
  prd: PrdUseCases;
  chains: ChainUseCases;
}

/** Conversation memory (SPEC 6): the event log and its TOC. */
export interface ConversationCapability {
  conversation: ConversationUseCases;
  toc: TocUseCases;
}

/** The operator's view of the cascade review queue (empty when no queue is wired). */
export interface CascadeUseCases {
  list(limit?: number): Promise<CascadeReview[]>;
  resolve(memoryId: string, ctx: CallContext): Promise<number>;
}

/** Review: the gate's queue and the cascade review queue. */
export interface ReviewUseCases {
  gate: GateReviewUseCases;
  cascades: CascadeUseCases;
}

/** Lifecycle (SPEC 7): implicit formation through the decision engine, outcome feedback. */
export interface LifecycleUseCases {
  /** An implicit event (hook, PRD, telemetry) through the decision engine, then the gate. */
  formImplicit(input: ImplicitEventInput, ctx: CallContext): Promise<ImplicitFormationResult>;
  /** Outcome feedback on retrieved memories (seed 003 stage 3); `options.onProgress` hears each id handled. */
  feedback(input: FeedbackInput, ctx: CallContext, options?: ProgressOptions): Promise<FeedbackOutput>;
  decisionEngine: DecisionEngine;
}

/** The capabilities by name, for a consumer that declares which one it uses. */
export interface UseCases {
  memory: MemoryUseCases;
  retrieval: RetrievalUseCases;
  continuity: ContinuityUseCases;
  conversation: ConversationCapability;
  review: ReviewUseCases;
  lifecycle: LifecycleUseCases;
}

/** A capability's name. */
export type Capability = keyof UseCases;

/** Every capability in one object: what {@link createMemoryService} returns. */
export interface MemoryService
  extends MemoryUseCases, RetrievalUseCases, ContinuityUseCases, ConversationCapability, ReviewUseCases, LifecycleUseCases {}
