import { InfraError } from '../errors.js';
import {
  EmbeddingFailedError, EmbeddingModelUnknownError, EmbeddingWorkerMissingError, ModelUnavailableError,
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

  it('keeps the cause of a failed embedding', () => {
    expect(new EmbeddingFailedError('x', { cause }).cause).toBe(cause);
  });
});
