import type { Kysely } from 'kysely';
import type { MemoryRecord, MemoryVersion, RecordReader, TypeRegistry } from '@engram/memory';
import type { Actor } from './actor.js';
import type { PlannedEdge } from './edges/planned-edge.js';
import type { GateDecision } from './gate-outcome.js';
import type { GatePolicy, PolicyContext } from './policy.js';
import type { WordRarity } from './word-rarity.js';
import type { WriteRequest } from './write-request.js';

/** Layer 2 verdict for one request. `request` may be rewritten (near duplicate → UPDATE). */
export interface Layer2Result {
  decision: GateDecision;
  reason: string;
  request: WriteRequest;
  flags: string[];
  code?: string;
  duplicateOf?: string;
  target?: MemoryRecord;
  context: PolicyContext;
  /** Graph edges the committed record gets (links, near neighbours, conflicts); written with it. */
  edges?: PlannedEdge[];
  /** An import of a record of which nothing is stored: every version it carries is new (the group-committed case). */
  freshImport?: boolean;
}

/** Inputs Layer 2 needs. `reviewing` = an approval: flags no longer matter, a human decided. */
export interface DecisionDeps {
  /** The handle the candidate query runs on (a review passes its transaction). */
  db: Kysely<any>;
  reader: RecordReader;
  registry: TypeRegistry;
  policy: GatePolicy;
  actor: Actor;
  reviewing: boolean;
  /** Word counts that order the candidate search's words rarest first (speed only; see WordRarity). */
  rarity?: WordRarity;
  /** A record's stored versions, read together with other imports' in flight (speed only; default: the reader, one query each). */
  storedVersions?: (id: string) => Promise<MemoryVersion[]>;
}

/** The policy context shared by every decision. */
export function contextOf(request: WriteRequest, actor: Actor, types: string[], scopes: string[], impact: unknown, flags: string[]): PolicyContext {
  return {
    op: request.op, types: [...new Set(types)], scopes: [...new Set(scopes)], flags, actorKind: actor.kind,
    impact: typeof impact === 'string' ? impact.toLowerCase() : undefined,
  };
}

/** A rejection verdict. */
export function rejectWith(code: string, reason: string, request: WriteRequest, context: PolicyContext, target?: MemoryRecord): Layer2Result {
  return { decision: 'REJECT', code, reason, request, flags: [], context, ...(target ? { target } : {}) };
}

