import { classifyAttempt, type AttemptResult } from './attempt-outcome.js';

describe('classifyAttempt', () => {
  it.each<[AttemptResult, string]>([
    [{ statusCode: 200 }, 'succeeded'],
    [{ statusCode: 201 }, 'succeeded'],
    [{ statusCode: 204 }, 'succeeded'],
    [{ statusCode: 299 }, 'succeeded'],
    [{ statusCode: 100 }, 'retry'],
    [{ statusCode: 301 }, 'retry'],
    [{ statusCode: 302 }, 'retry'],
    [{ statusCode: 307 }, 'retry'],
    [{ statusCode: 308 }, 'retry'],
    [{ statusCode: 400 }, 'retry'],
    [{ statusCode: 401 }, 'retry'],
    [{ statusCode: 404 }, 'retry'],
    [{ statusCode: 409 }, 'retry'],
    [{ statusCode: 410 }, 'disable'],
    [{ statusCode: 429 }, 'retry'],
    [{ statusCode: 500 }, 'retry'],
    [{ statusCode: 503 }, 'retry'],
    [{ error: 'ECONNREFUSED' }, 'retry'],
    [{ error: 'timeout after 15000 ms' }, 'retry'],
  ])('%j -> %s', (result, expected) => {
    expect(classifyAttempt(result)).toBe(expected);
  });
});
