import { retailerAccountRef } from './retailer-push.js';

describe('retailerAccountRef', () => {
  it('is the same for an email however it is cased or padded, and differs per retailer', () => {
    const ref = retailerAccountRef('walmart', 'Shopper@Example.com ');
    expect(ref).toMatch(/^[0-9a-f]{64}$/);
    expect(retailerAccountRef('walmart', 'shopper@example.com')).toBe(ref);
    expect(retailerAccountRef('target', 'shopper@example.com')).not.toBe(ref);
    expect(ref).not.toContain('shopper');
  });
});
