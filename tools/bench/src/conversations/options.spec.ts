import { resolve } from 'node:path';
import { parseOptions } from './options.js';

describe('bench:conversations options', () => {
  it('runs the server default model unless --model names one', () => {
    const o = parseOptions(['--backend', 'postgres'], '/nonexistent');
    expect(o).toMatchObject({ backends: ['postgres'], model: null, modelDir: null });
  });

  it('takes an embedding model and its directory (ADR-0029)', () => {
    const o = parseOptions(['--model', 'bge-small-en-v1.5', '--model-dir', 'models/bge', '--conversations', 'conv-26'], '/nonexistent');
    expect(o).toMatchObject({ model: 'bge-small-en-v1.5', modelDir: resolve('models/bge'), conversations: ['conv-26'] });
  });

  it('refuses --model without a name', () => {
    expect(() => parseOptions(['--model'], '/nonexistent')).toThrow(/bad option --model/);
  });

  it('keeps a native database for later runs, and reuses one by name (no loading)', () => {
    expect(parseOptions(['--keep-db', '--backend', 'postgres'], '/nonexistent')).toMatchObject({ keepDb: true, reuseDb: null, backends: ['postgres'] });
    expect(parseOptions(['--reuse-db', 'engram_conv_1a2b'], '/nonexistent')).toMatchObject({ keepDb: false, reuseDb: 'engram_conv_1a2b' });
    expect(() => parseOptions(['--reuse-db'], '/nonexistent')).toThrow(/bad option --reuse-db/);
  });

  it('stores every conversation in its own scope unless --one-scope asks for one shared scope', () => {
    expect(parseOptions([], '/nonexistent').oneScope).toBe(false);
    expect(parseOptions(['--one-scope', '--backend', 'postgres'], '/nonexistent')).toMatchObject({ oneScope: true, backends: ['postgres'] });
  });
});
