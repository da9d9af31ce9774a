import {
  EventsContracts,
  MatchingContracts,
  TOLERANT_VALIDATOR_OPTIONS,
  toMessage,
  type Connection,
  type PurchaseDetail,
} from '@cps/contracts';
import {
  connectionActivatedEvent,
  connectionUnauthenticatedEvent,
  purchaseCreatedEvent,
} from './webhook-event-bodies.js';

const connection: Connection = {
  connection_id: '01JCONNECTION0000000000000',
  customer_id: 'cust-1',
  retailer_id: 'walmart',
  status: 'active',
  email: 'a@example.com',
  mobile: null,
  tags: { campaign: 'spring' },
  is_simulated: false,
  created_at: '2025-01-01T00:00:00.000Z',
};

const purchase: PurchaseDetail = {
  purchase_id: '01JPURCHASE000000000000000',
  connection_id: connection.connection_id,
  retailer_id: 'walmart',
  date: '2025-01-02T10:00:00.000Z',
  purchase_type: 'online',
  currency: 'USD',
  items_subtotal: '10.00',
  discounts: '0.00',
  shipping: '0.00',
  fees: '0.00',
  tax: '0.80',
  total: '10.80',
  item_count: 1,
  is_simulated: true,
  items: [
    {
      item_id: '01JITEM0000000000000000000',
      name: 'Oat milk',
      brand: 'Oaty',
      upc: '012345678905',
      sku: null,
      price: '5.00',
      quantity: 2,
      product: { product_id: '01JPRODUCT0000000000000000', name: 'Oat milk 1l', brand: 'Oaty', upc: '012345678905' },
    },
  ],
};

describe('webhook event bodies', () => {
  it('connection.activated carries the public connection, in the documented field order', () => {
    const event = connectionActivatedEvent('EVT1', 'team-1', '2025-01-03T00:00:00.000Z', {
      connection,
      firstActivation: true,
    });
    expect(event).toMatchObject({ id: 'EVT1', teamId: 'team-1', type: 'connection.activated', isSimulated: false });
    expect(JSON.stringify(event.body)).toBe(
      JSON.stringify({
        id: 'EVT1',
        type: 'connection.activated',
        timestamp: '2025-01-03T00:00:00.000Z',
        is_simulated: false,
        data: {
          connection: {
            connection_id: connection.connection_id,
            customer_id: 'cust-1',
            retailer_id: 'walmart',
            status: 'active',
            email: 'a@example.com',
            mobile: null,
            tags: { campaign: 'spring' },
          },
          first_activation: true,
        },
      }),
    );
  });

  it.each([
    ['revoked', 'disconnected'],
    ['disconnected', 'disconnected'],
    ['unauthenticated', 'unauthenticated'],
    ['active', 'active'],
  ] as const)('reports internal status %s as %s', (internal, shown) => {
    const event = connectionActivatedEvent('EVT1', 'team-1', '2025-01-03T00:00:00.000Z', {
      connection: { ...connection, status: internal },
      firstActivation: false,
    });
    expect(event.body.type === 'connection.activated' && event.body.data.connection.status).toBe(shown);
  });

  it('takes is_simulated from the simulated connection', () => {
    const event = connectionActivatedEvent('EVT1', 't', '2025-01-03T00:00:00.000Z', {
      connection: { ...connection, is_simulated: true },
      firstActivation: true,
    });
    expect(event.isSimulated).toBe(true);
    expect(event.body.is_simulated).toBe(true);
  });

  it('purchase.created carries the purchase detail with matched products', () => {
    const event = purchaseCreatedEvent('EVT2', 'team-1', '2025-01-03T00:00:00.000Z', { purchase });
    expect(event).toMatchObject({ type: 'purchase.created', isSimulated: true });
    expect(event.body).toEqual({
      id: 'EVT2',
      type: 'purchase.created',
      timestamp: '2025-01-03T00:00:00.000Z',
      is_simulated: true,
      data: { purchase },
    });
  });

  it('purchase.created from a checked event is a body its class accepts as it is, fields in documented order', () => {
    // The consumer hands over the event data as checked by its class; the body is built from it without a second check.
    const checked = toMessage(
      MatchingContracts.purchaseMatched.data,
      { purchase: { internal: 'x', ...purchase } },
      TOLERANT_VALIDATOR_OPTIONS,
    );
    const { body } = purchaseCreatedEvent('EVT2', 'team-1', '2025-01-03T00:00:00.000Z', checked);
    // Strict: a field the class does not declare would be refused, not dropped.
    const strict = toMessage(EventsContracts.PurchaseCreatedWebhook, JSON.parse(JSON.stringify(body)));
    expect(JSON.stringify(strict)).toBe(JSON.stringify(body));
    expect(JSON.stringify(body)).not.toContain('internal');
  });
});

describe('connection.unauthenticated', () => {
  it('carries the public connection (revoked shown as disconnected) and the simulated flag', () => {
    const event = connectionUnauthenticatedEvent('EVT3', 'team-1', '2025-01-04T00:00:00.000Z', {
      connection: { ...connection, status: 'unauthenticated', is_simulated: true },
    });
    expect(event).toMatchObject({ type: 'connection.unauthenticated', isSimulated: true, teamId: 'team-1' });
    expect(JSON.stringify(event.body)).toBe(
      JSON.stringify({
        id: 'EVT3',
        type: 'connection.unauthenticated',
        timestamp: '2025-01-04T00:00:00.000Z',
        is_simulated: true,
        data: {
          connection: {
            connection_id: connection.connection_id,
            customer_id: 'cust-1',
            retailer_id: 'walmart',
            status: 'unauthenticated',
            email: 'a@example.com',
            mobile: null,
            tags: { campaign: 'spring' },
          },
        },
      }),
    );
  });
});
