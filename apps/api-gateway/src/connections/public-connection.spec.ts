import { type Connection } from '@cps/contracts';
import { toPublicConnection } from './public-connection.js';

const connection = (status: Connection['status']): Connection => ({
  connection_id: '01JCONNECTION0000000000000',
  customer_id: 'cust_1',
  retailer_id: 'target',
  status,
  email: 'a@example.com',
  mobile: null,
  tags: { utm_source: 'mail' },
  is_simulated: true,
  created_at: '2025-01-01T00:00:00.000Z',
});

describe('toPublicConnection', () => {
  it.each([
    ['initialized', 'initialized'],
    ['active', 'active'],
    ['unauthenticated', 'unauthenticated'],
    ['disconnected', 'disconnected'],
    ['revoked', 'disconnected'],
  ] as const)('%s is shown as %s', (internal, shown) => {
    expect(toPublicConnection(connection(internal)).status).toBe(shown);
  });

  it('shows only the public fields', () => {
    expect(toPublicConnection(connection('active'))).toEqual({
      connection_id: '01JCONNECTION0000000000000',
      customer_id: 'cust_1',
      retailer_id: 'target',
      status: 'active',
      email: 'a@example.com',
      mobile: null,
      tags: { utm_source: 'mail' },
    });
  });
});
