import { extractEntities } from '../entities/extract-entities.js';
import { tokenOverlap, tokensOf } from '../entities/token-overlap.js';
import type { DecisionConfig, RelevanceWeights } from './decision-config.js';
import type { DecayPolicy } from './decay-policy.js';
import { eventTypeOf, type ImplicitEvent } from './implicit-event.js';
import { entityImportanceScore, frequencyScore, recencyScore, relevanceScore, type RelevanceSignals } from './scoring.js';

const DAY_MS = 86_400_000;

/** What the engine state knows about an event's past (read before deciding). */
export interface HistoryFacts {
  /** Past events sharing an entity and within the similarity window: their token sets. */
  neighbours: ReadonlyArray<{ tokens: readonly string[] }>;
  /** Per entity, how many past events referenced it. */
  entityRefs: ReadonlyMap<string, number>;
  /** Per entity, stored events of the same event type within the compression window. */
  sameTypeStored: ReadonlyMap<string, number>;
  /** Memories formed from past events sharing an entity, newest first. */
  linkTargets: readonly string[];
}

/** Stage 1 output (seed 003 ProcessedEvent). */
export interface ProcessedEvent {
  event: ImplicitEvent;
  eventType: string;
  entities: string[];
  tokens: string[];
  daysSinceEvent: number;
  /** Similar events seen before (same entity, within the window, token overlap above the bar). */
  timesSeen: number;
  /** References of the event's most referenced entity. */
  entityReferenceCount: number;
  signals: RelevanceSignals;
}

/** Normalises caller-given entity hints like extracted ones (trimmed, lower-cased). */
function hintKeys(hints: readonly string[] | undefined): string[] {
  return (hints ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean);
}

/** The entities of an event: the caller's hints first, then those extracted from its text. */
export function entitiesOf(e: ImplicitEvent): string[] {
  return [...new Set([...hintKeys(e.entities), ...extractEntities(e.text)])];
}

/** Stage 1 (seed 003 1.2): entities, recency, frequency and entity importance of one event. */
export function processEvent(e: ImplicitEvent, entities: string[], facts: HistoryFacts, config: DecisionConfig, now: Date): ProcessedEvent {
  const tokens = tokensOf(e.text);
  const timesSeen = facts.neighbours.filter((n) => tokenOverlap(tokens, new Set(n.tokens)) > config.similarOverlap).length;
  const entityReferenceCount = Math.max(0, ...entities.map((x) => facts.entityRefs.get(x) ?? 0));
  const daysSinceEvent = Math.max(0, (now.getTime() - e.ts.getTime()) / DAY_MS);
  return {
    event: e, eventType: eventTypeOf(e.kind), entities, tokens: [...tokens], daysSinceEvent, timesSeen, entityReferenceCount,
    signals: {
      recency: recencyScore(daysSinceEvent, config.recencyLambda),
      frequency: frequencyScore(timesSeen, config.frequencyLambda),
      entityImportance: entityImportanceScore(entityReferenceCount, config.entityImportanceCap),
    },
  };
}

/** Stage 2 compression proposal (seed 003 2.4): the group consolidation should compress. */
export interface CompressionProposal {
  entity: string;
  eventType: string;
  /** Events of the group within the window, this one included. */
  count: number;
  windowDays: number;
}

/** Stage 2 output (seed 003 StorageDecision). */
export interface StorageDecision {
  action: 'store' | 'store_compressed' | 'skip';
  store: boolean;
  relevance: number;
  threshold: number;
  weights: RelevanceWeights;
  processed: ProcessedEvent;
  decay: DecayPolicy;
  compression: CompressionProposal | null;
  /** Memories this one connects to (shared entities): the gate request's relates_to links. */
  links: string[];
  reasons: string[];
}

function compressionOf(p: ProcessedEvent, facts: HistoryFacts, config: DecisionConfig): CompressionProposal | null {
  let best: CompressionProposal | null = null;
  for (const entity of p.entities) {
    const count = (facts.sameTypeStored.get(entity) ?? 0) + 1;
    if (count >= config.compressionMinCount && (!best || count > best.count)) {
      best = { entity, eventType: p.eventType, count, windowDays: config.compressionWindowDays };
    }
  }
  return best;
}

const fmt = (n: number) => n.toFixed(3);

/** Stage 2 (seed 003 2.1-2.4): relevance, threshold, decay policy, compression, graph connections. */
export function decide(p: ProcessedEvent, weights: RelevanceWeights, decay: DecayPolicy, facts: HistoryFacts, config: DecisionConfig): StorageDecision {
  const relevance = relevanceScore(p.signals, weights);
  const store = relevance >= config.storageThreshold;
  const compression = store ? compressionOf(p, facts, config) : null;
  const s = p.signals;
  const reasons = [
    `relevance ${fmt(relevance)} ${store ? '>=' : '<'} threshold ${config.storageThreshold}`,
    `recency ${fmt(s.recency)} (${p.daysSinceEvent.toFixed(2)} d), frequency ${fmt(s.frequency)} (seen ${p.timesSeen}x), entity importance ${fmt(s.entityImportance)} (${p.entityReferenceCount} refs)`,
    `decay: ${decay.category} → ${decay.memoryType}, half-life ${decay.halfLifeDays} d`,
  ];
  if (compression) reasons.push(`compression: ${compression.count} ${compression.eventType} events of ${compression.entity} within ${compression.windowDays} d`);
  return {
    action: !store ? 'skip' : compression ? 'store_compressed' : 'store',
    store, relevance, threshold: config.storageThreshold, weights, processed: p, decay, compression,
    links: store ? facts.linkTargets.slice(0, config.maxLinks) : [], reasons,
  };
}
