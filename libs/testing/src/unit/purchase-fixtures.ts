import { type Connection, type PurchaseDetail } from '@cps/contracts';

/** The brand product the first item of `aPurchase` is matched to. */
export const PRODUCT = {
  product_id: '01JPRODUCT0000000000000000',
  name: 'Oat milk 1l',
  brand: 'Oaty',
  upc: '012345678905',
};

/** An active, real connection as events carry it. */
export function aConnection(overrides: Partial<Connection> = {}): Connection {
  return {
    connection_id: '01JCONNECTION0000000000000',
    customer_id: 'cust-1',
    retailer_id: 'walmart',
    status: 'active',
    email: null,
    mobile: null,
    tags: {},
    is_simulated: false,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A purchase of two items: oat milk matched to PRODUCT, bread matched to nothing. */
export function aPurchase(overrides: Partial<PurchaseDetail> = {}): PurchaseDetail {
  return {
    purchase_id: '01JPURCHASE000000000000000',
    connection_id: '01JCONNECTION0000000000000',
    retailer_id: 'walmart',
    date: '2025-01-02T10:00:00.000Z',
    purchase_type: 'online',
    currency: 'USD',
    items_subtotal: '13.50',
    discounts: '0.00',
    shipping: '0.00',
    fees: '0.00',
    tax: '1.08',
    total: '14.58',
    item_count: 4,
    is_simulated: false,
    items: [
      {
        item_id: 'I1',
        name: 'Oat milk',
        brand: 'Oaty',
        upc: '012345678905',
        sku: null,
        price: '5.00',
        quantity: 2,
        product: PRODUCT,
      },
      { item_id: 'I2', name: 'Bread', brand: 'Other', upc: null, sku: null, price: '1.75', quantity: 2, product: null },
    ],
    ...overrides,
  };
}
