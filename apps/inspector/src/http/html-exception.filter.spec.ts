import { NotFoundException } from '@nestjs/common';
import { statusOf } from './html-exception.filter.js';

describe('statusOf', () => {
  it('maps coded domain errors to 404 / 409 / 503 / 400 and anything else to 500', () => {
    expect(statusOf(Object.assign(new Error('x'), { code: 'RECORD_NOT_FOUND' }))).toBe(404);
    expect(statusOf(Object.assign(new Error('x'), { code: 'GATE_REQUEST_NOT_PENDING' }))).toBe(409);
    expect(statusOf(Object.assign(new Error('x'), { code: 'VERSION_CONFLICT' }))).toBe(409);
    expect(statusOf(Object.assign(new Error('x'), { code: 'DATABASE_UNAVAILABLE' }))).toBe(503);
    expect(statusOf(Object.assign(new Error('x'), { code: 'INVALID_SEARCH_QUERY' }))).toBe(400);
    expect(statusOf(new NotFoundException())).toBe(404);
    expect(statusOf(new TypeError('boom'))).toBe(500);
  });
});
