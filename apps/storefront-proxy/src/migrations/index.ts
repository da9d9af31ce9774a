import { CreateStorefrontSchema1732200000000 } from './1732200000000-create-storefront-schema.js';
import { CreateStorefrontRole1734000000000 } from './1734000000000-create-storefront-role.js';
import { ShopsAndSignatures1735100000000 } from './1735100000000-shops-and-signatures.js';
import { ShopLinks1736200000000 } from './1736200000000-shop-links.js';

export const migrations = [
  CreateStorefrontSchema1732200000000,
  CreateStorefrontRole1734000000000,
  ShopsAndSignatures1735100000000,
  ShopLinks1736200000000,
];
