import { CreateGatewaySchema1732300000000 } from './1732300000000-create-gateway-schema.js';
import { CreateGatewayRole1734000000000 } from './1734000000000-create-gateway-role.js';
import { IdempotentRequests1734600000000 } from './1734600000000-idempotent-requests.js';
import { RateLimitBuckets1734800000000 } from './1734800000000-rate-limit-buckets.js';
import { RateLimitBatchedTakes1737000000000 } from './1737000000000-rate-limit-batched-takes.js';

export const migrations = [
  CreateGatewaySchema1732300000000,
  CreateGatewayRole1734000000000,
  IdempotentRequests1734600000000,
  RateLimitBuckets1734800000000,
  RateLimitBatchedTakes1737000000000,
];
