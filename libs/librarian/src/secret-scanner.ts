/*
 * The secret/PII scanner lives in @engram/memory (issue 17) so that the stores that bypass the
 * gate (conversation events, TOC, work continuity, feedback) can redact with the same detectors;
 * the gate's Layer 1 uses it from here.
 */
export { MAX_SCAN_DEPTH, redactSensitive, redactText, redactValue, redactValueInTurns, scanValue, scanValueInTurns } from '@engram/memory';
export type { Detection, DetectionClass, RedactionRules } from '@engram/memory';
