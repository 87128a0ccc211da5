import { GateRequestNotFoundError, GateRequestNotPendingError, InvalidPolicyError, LibrarianError } from './errors.js';

/* The librarian's API errors (issue 22): callers (MCP, REST, CLI) map them by code and name. */

describe('librarian errors', () => {
  it('carry a stable code, name and a message naming the request', () => {
    const notFound = new GateRequestNotFoundError('r1');
    expect(notFound).toBeInstanceOf(LibrarianError);
    expect([notFound.code, notFound.name, notFound.message, notFound.requestId]).toEqual(['GATE_REQUEST_NOT_FOUND', 'GateRequestNotFoundError', 'gate request r1 not found', 'r1']);
    const notPending = new GateRequestNotPendingError('r2', 'committed');
    expect([notPending.code, notPending.name, notPending.message, notPending.status]).toEqual(['GATE_REQUEST_NOT_PENDING', 'GateRequestNotPendingError', 'gate request r2 is committed, not pending', 'committed']);
    const invalid = new InvalidPolicyError('bad');
    expect([invalid.code, invalid.name, invalid.message]).toEqual(['INVALID_POLICY', 'InvalidPolicyError', 'bad']);
  });
});
