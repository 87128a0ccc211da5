import { InfraError } from '../errors.js';
import {
  EmbeddingFailedError, EmbeddingModelUnknownError, EmbeddingWorkerMissingError, engramCheckoutAbove, fetchModelHint, ModelUnavailableError,
} from './errors.js';

// One mapper catches every infra failure: `instanceof InfraError` and a stable `code`.
describe('embedding errors', () => {
  const cause = new Error('worker died');
  it.each([
    [new ModelUnavailableError('all-MiniLM-L6-v2', '/models/x/model.onnx'), 'MODEL_UNAVAILABLE', 'ModelUnavailableError', /fetch-model\.sh all-MiniLM-L6-v2/],
    [new EmbeddingModelUnknownError('nope', ['a', 'b']), 'EMBEDDING_MODEL_UNKNOWN', 'EmbeddingModelUnknownError', /supported: a, b/],
    [new EmbeddingFailedError('embedding failed: boom', { cause }), 'EMBEDDING_FAILED', 'EmbeddingFailedError', /boom/],
    [new EmbeddingWorkerMissingError(['/x/embedding.worker.js']), 'EMBEDDING_WORKER_MISSING', 'EmbeddingWorkerMissingError', /\/x\/embedding\.worker\.js/],
  ] as const)('%s is an InfraError with code %s', (error, code, name, message) => {
    expect(error).toBeInstanceOf(InfraError);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
    expect(error.name).toBe(name);
    expect(error.message).toMatch(message);
  });

  it('issue 37 missing model: in an engram checkout the hint names its setup script', () => {
    const checkout = engramCheckoutAbove(process.cwd());
    expect(checkout).toBeDefined();
    expect(new ModelUnavailableError('all-MiniLM-L6-v2', '/models/x/model.onnx').message).toContain(`Fetch it with: npm run setup (or: tools/setup/fetch-model.sh all-MiniLM-L6-v2 <model-dir>) in ${checkout}`);
  });

  it('issue 37 missing model: in another project (the packed libs) it says which files to put where, not npm run setup', () => {
    const message = new ModelUnavailableError('bge-small-en-v1.5', '/models/x/model.onnx', undefined, null).message;
    expect(message).toMatch(/To use it: put bge-small-en-v1\.5's tokenizer\.json, tokenizer_config\.json and ONNX weights .* point ENGRAM_MODEL_DIR \(or the modelDir option\) at it/);
    expect(message).not.toMatch(/npm run setup/);
    expect(fetchModelHint('bge-small-en-v1.5', null)).not.toMatch(/npm run setup/);
    expect(engramCheckoutAbove('/')).toBeUndefined();
  });

  it('keeps the cause of a failed embedding', () => {
    expect(new EmbeddingFailedError('x', { cause }).cause).toBe(cause);
  });
});
