import {
  connectionActivatedEvent,
  connectionUnauthenticatedEvent,
  purchaseCreatedEvent,
} from '../webhook-events/webhook-event-bodies.js';
import { onlyBrandProducts } from '@cps/domain';
import { aConnection, aPurchase } from '@cps/testing/unit';
import { partnerWebhookEvent } from './partner-webhook-body.js';

const connection = aConnection({ email: 'a@example.com' });
const purchase = aPurchase();

const AT = '2025-01-03T00:00:00.000Z';

describe('partnerWebhookEvent', () => {
  it('adds service_client_id after is_simulated, with its own id, keeping the data', () => {
    const event = connectionActivatedEvent('BRAND1', 'team-1', AT, { connection, firstActivation: true });
    const partner = partnerWebhookEvent('PARTNER1', event)!;
    expect(partner).toMatchObject({ id: 'PARTNER1', teamId: 'team-1', type: 'connection.activated' });
    expect(JSON.stringify(partner.body)).toBe(
      JSON.stringify({
        id: 'PARTNER1',
        type: 'connection.activated',
        timestamp: AT,
        is_simulated: false,
        service_client_id: 'team-1',
        data: event.body.data,
      }),
    );
  });

  it('sends connection.unauthenticated as is', () => {
    const event = connectionUnauthenticatedEvent('BRAND2', 'team-1', AT, {
      connection: { ...connection, status: 'unauthenticated' },
    });
    expect(partnerWebhookEvent('PARTNER2', event)?.body).toEqual({
      id: 'PARTNER2',
      type: 'connection.unauthenticated',
      timestamp: AT,
      is_simulated: false,
      service_client_id: 'team-1',
      data: event.body.data,
    });
  });

  it('never sends simulated events', () => {
    const simulated = connectionActivatedEvent('B', 'team-1', AT, {
      connection: { ...connection, is_simulated: true },
      firstActivation: true,
    });
    expect(partnerWebhookEvent('P', simulated)).toBeNull();
    const simulatedPurchase = purchaseCreatedEvent('B', 'team-1', AT, {
      purchase: { ...purchase, is_simulated: true },
    });
    expect(partnerWebhookEvent('P', simulatedPurchase)).toBeNull();
  });

  it('narrows purchase.created to the brand products, as a partner token reads it', () => {
    const partner = partnerWebhookEvent('P', purchaseCreatedEvent('B', 'team-1', AT, { purchase }))!;
    expect(partner.body.type).toBe('purchase.created');
    expect(Object.keys(partner.body)).toEqual(['id', 'type', 'timestamp', 'is_simulated', 'service_client_id', 'data']);
    expect(partner.body.data).toEqual({
      purchase: { ...purchase, items: [purchase.items[0]], item_count: 2, items_subtotal: '10.00' },
    });
  });

  it('sends no purchase.created without brand products', () => {
    const unmatched = { ...purchase, items: purchase.items.map((item) => ({ ...item, product: null })) };
    expect(partnerWebhookEvent('P', purchaseCreatedEvent('B', 'team-1', AT, { purchase: unmatched }))).toBeNull();
  });
});

describe('onlyBrandProducts on a partner purchase', () => {
  it('keeps order-level amounts as reported', () => {
    const view = onlyBrandProducts(purchase)!;
    expect(view).toMatchObject({
      total: '14.58',
      tax: '1.08',
      discounts: '0.00',
      item_count: 2,
      items_subtotal: '10.00',
    });
  });
});
