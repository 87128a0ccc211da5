import { OnnxEmbeddingProvider } from './embedding-provider.js';
import type { EmbeddingEngine } from './embedding.worker.js';
import { MODEL_SETTINGS } from './model-settings.js';

/** An engine that records what it was asked to embed and returns one distinct 384-vector per text. */
function recordingEngine(): EmbeddingEngine & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    embed(texts) {
      seen.push(...texts);
      const out = new Float32Array(texts.length * 384);
      texts.forEach((text, row) => out.fill(text.length, row * 384, (row + 1) * 384));
      return Promise.resolve(out);
    },
    close: () => Promise.resolve(),
  };
}

// bge-small-en-v1.5 is an asymmetric retriever (ADR-0029): its instruction goes on short queries
// only; a stored passage embedded with it would no longer match the model card's contract.
describe('OnnxEmbeddingProvider query prefix (bge-small-en-v1.5 settings)', () => {
  const settings = MODEL_SETTINGS['bge-small-en-v1.5']!;

  it('prefixes queries with the model instruction', async () => {
    const engine = recordingEngine();
    const provider = new OnnxEmbeddingProvider('bge-small-en-v1.5', 'v', settings, engine, 32);
    await provider.embedQuery('where did Caroline go hiking?');
    expect(engine.seen).toEqual(['Represent this sentence for searching relevant passages: where did Caroline go hiking?']);
  });

  it('never prefixes stored passages, and keeps their order', async () => {
    const engine = recordingEngine();
    const provider = new OnnxEmbeddingProvider('bge-small-en-v1.5', 'v', settings, engine, 2);
    const texts = ['Caroline: I went hiking last weekend.', 'Mel: nice', 'Caroline: the trail was muddy'];
    const vectors = await provider.embedPassages(texts);
    expect([...engine.seen].sort()).toEqual([...texts].sort());
    expect(vectors.map((v) => v[0])).toEqual(texts.map((t) => t.length));
  });

  it('uses CLS pooling and 512 tokens, unlike all-MiniLM-L6-v2', () => {
    expect(settings).toMatchObject({ pooling: 'cls', normalize: true, maxTokens: 512, dimension: 384 });
    expect(MODEL_SETTINGS['all-MiniLM-L6-v2']).toMatchObject({ pooling: 'mean', queryPrefix: '' });
  });
});
