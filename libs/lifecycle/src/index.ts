/*
 * @engram/lifecycle: memory lifecycle and learning (SPEC 7, seed 003, seed 001 ADR-010). The decision
 * engine that judges implicit events before the gate, decay and reinforcement, consolidation and the
 * sweeps. It never writes memories itself: its decisions become gate requests. Any new export here
 * is public API.
 */
export { extractEntities } from './entities/extract-entities.js';
export { isSimilarText, SIMILAR_TOKEN_OVERLAP, tokenOverlap, tokensOf } from './entities/token-overlap.js';
