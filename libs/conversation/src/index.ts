/*
 * @engram/conversation: conversation memory (SPEC 6, seed 002). The append-only event log fed by
 * agent hooks, the time-hierarchy TOC (Year > Month > Week > Day > Segment), grips that tie summary
 * bullets to the events behind them, and the summarisers. Any new export here is public API.
 */
export {};
