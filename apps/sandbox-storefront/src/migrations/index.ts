import { CreateSandboxStorefrontSchema1736000000000 } from './1736000000000-create-sandbox-storefront-schema.js';

export const migrations = [CreateSandboxStorefrontSchema1736000000000];
