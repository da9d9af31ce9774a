import { isTransientError } from './transient-error.js';

describe('isTransientError', () => {
  it.each([
    ['a terminated backend', { code: '57P01', message: 'terminating connection due to administrator command' }],
    ['a serialization failure', { code: '40001' }],
    ['a deadlock', { code: '40P01' }],
    ['a connection exception class', { code: '08006' }],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a closed pg client', new Error('Client was closed and is not queryable')],
    ['a released query runner', new Error('Query runner already released. Cannot run queries anymore.')],
    [
      "a transaction whose connection was lost (TypeORM's QueryRunnerProviderAlreadyReleasedError)",
      new Error(
        'Database connection provided by a query runner was already released, cannot continue to use its querying ' +
          'methods anymore.',
      ),
    ],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['TypeORM wrapping pg', { message: 'Query failed', driverError: { code: '57P01' } }],
    ['an error caused by one', new Error('could not save', { cause: { code: '40001' } })],
  ])('%s is transient', (_name, error) => {
    expect(isTransientError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505', message: 'duplicate key value violates unique constraint' }],
    ['a syntax error', { code: '42601' }],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
    ['a string', 'connection terminated'],
  ])('%s is not', (_name, error) => {
    expect(isTransientError(error)).toBe(false);
  });
});
