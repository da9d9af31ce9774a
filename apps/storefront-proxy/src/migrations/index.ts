import { CreateStorefrontSchema1732200000000 } from './1732200000000-create-storefront-schema.js';

export const migrations = [CreateStorefrontSchema1732200000000];
