import { type PurchaseDetail } from '@cps/contracts';
import { purchaseView } from './purchase-view.js';

const item = (item_id: string, price: string, quantity: number) => ({
  item_id,
  name: `Item ${item_id}`,
  brand: null,
  upc: null,
  sku: null,
  price,
  quantity,
  product: null,
});

const purchase: PurchaseDetail = {
  purchase_id: 'p1',
  connection_id: 'c1',
  retailer_id: 'target',
  date: '2025-01-02T03:04:05.000Z',
  purchase_type: 'online',
  currency: 'USD',
  items_subtotal: '27.50',
  discounts: '0.00',
  shipping: '5.00',
  fees: '0.00',
  tax: '2.00',
  total: '34.50',
  item_count: 4,
  is_simulated: true,
  items: [item('i1', '10.00', 1), item('i2', '2.50', 3), item('i3', '10.00', 1)],
};
const product = { product_id: 'prod_1', name: 'Fizzy', brand: 'Acme', upc: '012345678905' };

describe('purchaseView', () => {
  it('fills each item with its matched product, null when unmatched', () => {
    const view = purchaseView(purchase, [{ item_id: 'i2', product }], false)!;
    expect(view.items.map((entry) => entry.product)).toEqual([null, product, null]);
    expect(view).toMatchObject({ item_count: 4, items_subtotal: '27.50', total: '34.50' });
  });

  it('narrows to matched items for brand-products tokens and recounts them', () => {
    const view = purchaseView(
      purchase,
      [
        { item_id: 'i2', product },
        { item_id: 'i3', product: null },
      ],
      true,
    )!;
    expect(view.items).toEqual([{ ...item('i2', '2.50', 3), product }]);
    expect(view).toMatchObject({ item_count: 3, items_subtotal: '7.50', total: '34.50' });
  });

  it('has nothing to show a brand-products token when no item matched', () => {
    expect(purchaseView(purchase, [], true)).toBeNull();
    expect(purchaseView(purchase, [{ item_id: 'i1', product: null }], true)).toBeNull();
  });

  it('ignores matches of items the purchase does not have', () => {
    expect(purchaseView(purchase, [{ item_id: 'elsewhere', product }], true)).toBeNull();
  });
});
