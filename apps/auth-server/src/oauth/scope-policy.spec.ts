import { FULL_SCOPE, isFullGrant, resolveRequestedScope } from './scope-policy.js';

describe('resolveRequestedScope', () => {
  it.each([
    [undefined, true],
    ['connections:read retailers:read purchases:brand_products', true],
    ['purchases:brand_products connections:read retailers:read', true],
    ['retailers:read purchases:brand_products connections:read', true],
    ['connections:read purchases:brand_products', false],
    ['connections:read retailers:read purchases:brand_products retailers:write', false],
    ['connections:read retailers:read retailers:read purchases:brand_products', false],
    ['connections:read retailers:read retailers:read', false],
    ['connections:read  retailers:read purchases:brand_products', false],
    [' connections:read retailers:read purchases:brand_products', false],
    ['connections:read retailers:read purchases:brand_products ', false],
    ['', false],
    ['openid', false],
  ])('%j -> %s', (scope, ok) => {
    const result = resolveRequestedScope(scope);
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.scope).toBe(FULL_SCOPE);
  });
});

describe('isFullGrant', () => {
  it.each([
    [FULL_SCOPE, true],
    ['purchases:brand_products retailers:read connections:read', true],
    ['connections:read purchases:brand_products', false],
    ['', false],
  ])('%j -> %s', (scope, full) => {
    expect(isFullGrant(scope)).toBe(full);
  });
});
