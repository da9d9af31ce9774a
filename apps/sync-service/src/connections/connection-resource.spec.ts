import { SyncContracts, toMessage } from '@cps/contracts';
import { type ConnectionActivityEntity, type ConnectionSnapshot } from './connection-activity.entity.js';
import { activityEntry, toActivityLogEntry } from './connection-resource.js';
import { type ConnectionEntity } from './connection.entity.js';

const AT = new Date('2025-05-01T10:00:00.000Z');

const connection: ConnectionEntity = {
  id: 'conn_1',
  teamId: 'team_1',
  customerId: 'cust_1',
  retailerId: 'walmart',
  status: 'active',
  email: 'a@example.com',
  mobile: null,
  tags: { utm_source: 'newsletter' },
  isSimulated: false,
  createdAt: AT,
  updatedAt: AT,
  deletedAt: null,
};

const snapshot: ConnectionSnapshot = {
  connection_id: 'conn_1',
  customer_id: 'cust_1',
  retailer_id: 'walmart',
  status: 'active',
  email: 'a@example.com',
  mobile: null,
};

describe('activity entries', () => {
  it('records the actor and snapshots without tags', () => {
    const entry = activityEntry(
      { source: 'Dashboard', idType: 'dashboard_user', idName: 'ops@brand.test' },
      { event: 'connection_updated', at: AT, details: 'Changed email', before: connection, after: connection },
    );
    expect(entry).toEqual({
      teamId: 'team_1',
      connectionId: 'conn_1',
      occurredAt: AT,
      eventSource: 'Dashboard',
      event: 'connection_updated',
      details: 'Changed email',
      sourceIdType: 'dashboard_user',
      sourceIdName: 'ops@brand.test',
      connectionBefore: snapshot,
      connectionAfter: snapshot,
    });
    expect(JSON.stringify(entry)).not.toContain('newsletter');
  });

  const stored = (overrides: Partial<ConnectionActivityEntity>): ConnectionActivityEntity => ({
    id: '1',
    teamId: 'team_1',
    connectionId: 'conn_1',
    occurredAt: AT,
    eventSource: 'API',
    event: 'connection_created',
    details: null,
    sourceIdType: 'client_api_key',
    sourceIdName: 'backend',
    connectionBefore: null,
    connectionAfter: { ...snapshot, status: 'initialized' },
    ...overrides,
  });

  it.each<[string, Partial<ConnectionActivityEntity>, Record<string, unknown>]>([
    [
      'a creation',
      {},
      {
        event: 'connection_created',
        details: null,
        connection_before: null,
        connection_after: { ...snapshot, status: 'initialized' },
      },
    ],
    [
      'a revoke shows revoked as disconnected',
      {
        event: 'connection_revoked',
        eventSource: 'Consumer',
        sourceIdType: null,
        sourceIdName: null,
        connectionBefore: { ...snapshot },
        connectionAfter: { ...snapshot, status: 'revoked' },
      },
      {
        event: 'connection_revoked',
        event_source: 'Consumer',
        source_id_type: null,
        source_id_name: null,
        connection_before: snapshot,
        connection_after: { ...snapshot, status: 'disconnected' },
      },
    ],
    [
      'a deletion has no after',
      { event: 'connection_deleted', connectionBefore: { ...snapshot }, connectionAfter: null },
      { event: 'connection_deleted', connection_before: snapshot, connection_after: null },
    ],
  ])('reads %s as the seed ActivityLogEntry', (_name, overrides, expected) => {
    const entry = toActivityLogEntry(stored(overrides));
    expect(toMessage(SyncContracts.ActivityLogEntry, entry)).toEqual(entry);
    expect(entry).toMatchObject({ timestamp: AT.toISOString(), ...expected });
    expect(entry).toHaveProperty('details');
  });
});
