// Collects the corpus writes and the labelled queries while topics are generated, and checks the
// labels as it goes: every key a query names must exist, and forbidden keys must really be stale.
import type { CorpusEvent, EvalRecord, EvalSet, ForbiddenReason, Grade, LabelledQuery } from './eval-types.js';

type Actor = 'user' | 'agent';

/** Builds an {@link EvalSet}; keys are unique, dates are ISO strings. */
export class EvalSetBuilder {
  private readonly events: CorpusEvent[] = [];
  private readonly queries: LabelledQuery[] = [];
  private readonly scopes = new Map<string, string>();
  private readonly stale = new Map<string, ForbiddenReason>();

  create(key: string, at: string, record: EvalRecord, actor: Actor = 'user'): string {
    this.claim(key, record.scope);
    // A validTo is only ever used for records that have expired by the time the benchmark runs
    // (all corpus dates lie in the past), so a record with one is stale.
    if (record.validTo && new Date(record.validTo) < new Date(at)) throw new Error(`${key}: already expired when written`);
    if (record.validTo) this.stale.set(key, 'expired');
    this.events.push({ op: 'create', key, at, actor, record });
    return key;
  }

  supersede(key: string, target: string, at: string, record: EvalRecord, actor: Actor = 'user'): string {
    if (!this.scopes.has(target)) throw new Error(`${key}: unknown target ${target}`);
    this.claim(key, record.scope);
    this.stale.set(target, 'superseded');
    this.events.push({ op: 'supersede', key, target, at, actor, record });
    return key;
  }

  invalidate(target: string, at: string, reason: string, actor: Actor = 'user'): void {
    if (!this.scopes.has(target)) throw new Error(`invalidate: unknown target ${target}`);
    this.stale.set(target, 'invalidated');
    this.events.push({ op: 'invalidate', target, at, actor, reason });
  }

  /**
   * Adds a query. Forbidden keys are derived: every stale record named in `alsoStale`, plus
   * `otherScope` keys (records outside the query's scopes that look like an answer).
   */
  query(q: { text: string; scopes: string[]; category: string; relevant: Record<string, Grade>; alsoStale?: string[]; otherScope?: string[] }): void {
    for (const key of Object.keys(q.relevant)) {
      if (!this.scopes.has(key)) throw new Error(`query "${q.text}": unknown relevant key ${key}`);
      if (this.stale.has(key)) throw new Error(`query "${q.text}": relevant ${key} is ${this.stale.get(key)}`);
      if (!q.scopes.includes(this.scopes.get(key) as string)) throw new Error(`query "${q.text}": relevant ${key} is outside its scopes`);
    }
    const forbidden: LabelledQuery['forbidden'] = [];
    for (const key of q.alsoStale ?? []) {
      const why = this.stale.get(key);
      if (!why) throw new Error(`query "${q.text}": ${key} is not stale`);
      forbidden.push({ key, why });
    }
    for (const key of q.otherScope ?? []) {
      if (q.scopes.includes(this.scopes.get(key) ?? '')) throw new Error(`query "${q.text}": ${key} is in scope`);
      forbidden.push({ key, why: 'other_scope' });
    }
    this.queries.push({ id: `q${String(this.queries.length + 1).padStart(3, '0')}`, text: q.text, scopes: q.scopes, category: q.category, relevant: q.relevant, forbidden });
  }

  build(): EvalSet {
    const events = [...this.events].sort((a, b) => a.at.localeCompare(b.at));
    return { events, queries: this.queries };
  }

  private claim(key: string, scope: string): void {
    if (this.scopes.has(key)) throw new Error(`duplicate key ${key}`);
    this.scopes.set(key, scope);
  }
}
