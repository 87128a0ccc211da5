// A deterministic synthetic conversation log for the TOC benchmark: sessions of 20-60 turns a
// minute or two apart, separated by 40 minutes to a few hours, about topics drawn from a fixed
// vocabulary, so segmentation, keyword search and summaries have realistic material.
import { estimateTextTokens, type NewConversationEvent } from '@engram/conversation';
import { createRng } from './corpus.js';

const TOPICS = [
  ['billing', 'invoice', 'postgres', 'migration'], ['search', 'pgvector', 'hnsw', 'embedding'], ['checkout', 'cart', 'flaky', 'test'],
  ['gateway', 'cache', 'eviction', 'ttl'], ['release', 'notes', 'changelog', 'version'], ['auth', 'token', 'oauth', 'session'],
  ['dashboard', 'chart', 'latency', 'grafana'], ['queue', 'retry', 'backoff', 'worker'], ['docker', 'compose', 'image', 'build'],
  ['schema', 'index', 'constraint', 'kysely'], ['logging', 'trace', 'otel', 'span'], ['deploy', 'rollback', 'canary', 'k8s'],
];
const USER = ['Can we look at the {0} {1} again?', 'The {2} keeps failing when the {1} is empty.', 'Let us decide how the {0} handles {3}.', 'Why is the {1} slower after the {3} change?'];
const ASSISTANT = ['I checked the {0} module: the {1} path calls {2} twice.', 'Proposed fix: move {3} into the {0} service and cache the {1}.', 'The {2} test now passes; {3} stays behind a flag.'];
const TOOL = ['ran {2} suite: 42 passed, 1 failed in {0}', 'grep {1} src/{0}: 7 matches', 'EXPLAIN shows a seq scan on {0}_{1}'];

const fill = (tpl: string, words: readonly string[]) => tpl.replace(/\{(\d)\}/g, (_, i: string) => words[Number(i)] ?? '');

/** `n` events of `project` starting at `start`, spread so a day holds ~`perDay` events. */
export function conversationLog(project: string, n: number, start: Date, perDay: number, seed = 7): NewConversationEvent[] {
  const r = createRng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)] as T;
  const out: NewConversationEvent[] = [];
  let t = start.getTime();
  const dayMs = 86_400_000;
  // Average gap so that ~perDay events fall in a day: 3 sessions of ~perDay/3 turns, the rest idle.
  const sessionLen = Math.max(5, Math.round(perDay / 3));
  let session = 0;
  while (out.length < n) {
    session++;
    const topic = pick(TOPICS);
    const turns = Math.max(3, Math.round(sessionLen * (0.5 + r())));
    for (let i = 0; i < turns && out.length < n; i++) {
      const kind = i % 3 === 0 ? 'user_message' : i % 3 === 1 ? 'assistant_message' : 'tool_result';
      const text = fill(pick(kind === 'user_message' ? USER : kind === 'assistant_message' ? ASSISTANT : TOOL), topic);
      out.push({
        eventId: `${project}:${out.length}`, project, agent: 'claude-code', sessionId: `s${session}`, ts: new Date(t), kind,
        role: kind === 'user_message' ? 'user' : kind === 'assistant_message' ? 'assistant' : 'tool', text, metadata: {}, tokens: estimateTextTokens(text),
      });
      t += 30_000 + Math.floor(r() * 90_000);
    }
    // Idle until the next session: 40 minutes to most of the remaining day share.
    t += 40 * 60_000 + Math.floor(r() * (dayMs / 3 - turns * 75_000));
  }
  return out;
}
