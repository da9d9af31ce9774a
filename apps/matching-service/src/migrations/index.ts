import { CreateMatchingSchema1732400000000 } from './1732400000000-create-matching-schema.js';
import { CreateMatchingRole1734000000000 } from './1734000000000-create-matching-role.js';
import { IdempotentReplies1734600000000 } from './1734600000000-idempotent-replies.js';
import { BrandCatalog1735200000000 } from './1735200000000-brand-catalog.js';
import { OutboxOrderingKey1737200000000 } from './1737200000000-outbox-ordering-key.js';
import { ItemQuantities1739100000000 } from './1739100000000-item-quantities.js';
import { TopProductDays1739300000000 } from './1739300000000-top-product-days.js';

export const migrations = [
  CreateMatchingSchema1732400000000,
  CreateMatchingRole1734000000000,
  IdempotentReplies1734600000000,
  BrandCatalog1735200000000,
  OutboxOrderingKey1737200000000,
  ItemQuantities1739100000000,
  TopProductDays1739300000000,
];
