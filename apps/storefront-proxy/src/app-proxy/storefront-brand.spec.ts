import { type Connection, type InternalConnectionStatus } from '@cps/contracts';
import { aConnection } from '@cps/testing/unit';
import { shownConnection } from './storefront-brand.js';

const newestFirst = (...statuses: InternalConnectionStatus[]): Connection[] =>
  statuses.map((status, n) => aConnection({ connection_id: `c${n}`, status }));

describe('shownConnection', () => {
  it.each<[string, InternalConnectionStatus[], string | undefined]>([
    ['the newest that still collects', ['active', 'initialized'], 'c0'],
    ['one that can be linked again before a newer disconnected one', ['disconnected', 'unauthenticated'], 'c1'],
    ['a revoked one counts as disconnected', ['revoked', 'active'], 'c1'],
    ['the newest when every one is disconnected', ['revoked', 'disconnected'], 'c0'],
    ['none without connections', [], undefined],
  ])('shows %s', (_case, statuses, shown) => {
    expect(shownConnection(newestFirst(...statuses))?.connection_id).toBe(shown);
  });
});
