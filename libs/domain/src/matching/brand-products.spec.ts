import { onlyBrandProducts } from './brand-products.js';

const item = (price: string, quantity: number, product: string | null) => ({ price, quantity, product });
const purchase = (items: ReturnType<typeof item>[]) => ({
  items,
  item_count: 99,
  items_subtotal: '999.99',
  total: '50.00',
});

describe('onlyBrandProducts', () => {
  it.each([
    [
      'keeps matched items and recounts them',
      [item('2.50', 2, 'p1'), item('9.99', 1, null), item('1.25', 3, 'p2')],
      5,
      '8.75',
    ],
    ['all matched', [item('10.00', 1, 'p1')], 1, '10.00'],
  ])('%s', (_name, items, count, subtotal) => {
    const seen = onlyBrandProducts(purchase(items));
    expect(seen?.items.every((i) => i.product !== null)).toBe(true);
    expect(seen).toMatchObject({ item_count: count, items_subtotal: subtotal, total: '50.00' });
  });

  it('hides a purchase without matched items', () => {
    expect(onlyBrandProducts(purchase([item('1.00', 1, null)]))).toBeNull();
    expect(onlyBrandProducts(purchase([]))).toBeNull();
  });
});
