import { isDisconnected, statusesMatching, toPublicConnectionStatus } from './rules.js';
import { type ConnectionStatus, type InternalConnectionStatus } from './resources.js';

describe('connection status', () => {
  it.each<[InternalConnectionStatus, ConnectionStatus, boolean]>([
    // stored, shown by the REST API, no longer collecting
    ['initialized', 'initialized', false],
    ['active', 'active', false],
    ['unauthenticated', 'unauthenticated', false],
    ['disconnected', 'disconnected', true],
    ['revoked', 'disconnected', true],
  ])('%s is shown as %s (disconnected: %s)', (stored, shown, disconnected) => {
    expect(toPublicConnectionStatus(stored)).toBe(shown);
    expect(isDisconnected(stored)).toBe(disconnected);
  });

  it.each<[ConnectionStatus, InternalConnectionStatus[]]>([
    ['initialized', ['initialized']],
    ['active', ['active']],
    ['unauthenticated', ['unauthenticated']],
    ['disconnected', ['disconnected', 'revoked']],
  ])('the filter %s selects %j', (filter, statuses) => {
    expect(statusesMatching(filter)).toEqual(statuses);
  });
});
