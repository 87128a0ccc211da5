import { BURST_GAP_MS } from './bursts.js';
import { CONTEXT_WORDS, embeddingText, isShortTurn, mayEmbedWithContext, SHORT_TURN_WORDS, type ContextTurn } from './embedding-context.js';

const t0 = Date.UTC(2024, 0, 1, 12);
const turn = (speaker: string, text: string, minutes: number): ContextTurn =>
  ({ content: `${speaker}: ${text}`, metadata: { speaker }, at: new Date(t0 + minutes * 60_000) });
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('embedding text of a turn', () => {
  const short = turn('elise', 'This was my favorite piece', 0);

  it('follows a short turn with its burst and the burst\'s prompt, in the order they were said', () => {
    const before = [turn('elise', 'let me send you my favorite one!', -1), turn('elise', 'The Art Basel was great', -2), turn('Kate', 'How was the fair?', -5), turn('elise', 'hi', -6)];
    expect(embeddingText(short, before)).toBe(
      'elise: This was my favorite piece\nKate: How was the fair?\nelise: The Art Basel was great\nelise: let me send you my favorite one!');
  });

  it('embeds a turn of SHORT_TURN_WORDS words or more alone', () => {
    const long = turn('elise', words(SHORT_TURN_WORDS - 1), 0);
    expect(isShortTurn(long.content)).toBe(false);
    expect(embeddingText(long, [turn('Kate', 'How was the fair?', -1)])).toBe(long.content);
  });

  it('stops at a pause longer than a burst allows', () => {
    const before = [turn('elise', 'The Art Basel was great', -1), turn('Kate', 'How was the fair?', -2 - BURST_GAP_MS / 60_000)];
    expect(embeddingText(short, before)).toBe('elise: This was my favorite piece\nelise: The Art Basel was great');
    expect(embeddingText(short, [turn('Kate', 'How was the fair?', -1 - BURST_GAP_MS / 60_000)])).toBe(short.content);
  });

  it('stops once the context holds CONTEXT_WORDS words', () => {
    const before = [turn('elise', words(CONTEXT_WORDS), -1), turn('elise', 'never read', -2)];
    expect(embeddingText(short, before)).toBe(`${short.content}\nelise: ${words(CONTEXT_WORDS)}`);
  });

  it('takes only the turn right before when the speaker is unknown', () => {
    const anon = { content: 'sounds good', metadata: {}, at: new Date(t0) };
    const before = [{ content: 'shall we meet at noon?', metadata: {}, at: new Date(t0 - 60_000) }, { content: 'earlier', metadata: {}, at: new Date(t0 - 120_000) }];
    expect(embeddingText(anon, before)).toBe('sounds good\nshall we meet at noon?');
  });

  it('leaves a turn with nothing before it as it is', () => {
    expect(embeddingText(short, [])).toBe(short.content);
  });
});

describe('which vectors may hold context', () => {
  it('is a short turn of a dialogue only', () => {
    const turn = { memoryClass: 'episodic', metadata: { speaker: 'Ann' }, content: 'Ann: one sec' };
    expect(mayEmbedWithContext(turn)).toBe(true);
    expect(mayEmbedWithContext({ ...turn, metadata: { role: 'user' } })).toBe(true);
    expect(mayEmbedWithContext({ ...turn, memoryClass: 'semantic' })).toBe(false);
    expect(mayEmbedWithContext({ ...turn, metadata: {} })).toBe(false);
    expect(mayEmbedWithContext({ ...turn, content: `Ann: ${words(SHORT_TURN_WORDS)}` })).toBe(false);
  });
});
