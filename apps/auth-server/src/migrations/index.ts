import { CreateAuthSchema1732200000000 } from './1732200000000-create-auth-schema.js';
import { PartnerOauth1732400000000 } from './1732400000000-partner-oauth.js';
import { CreateAuthRole1734000000000 } from './1734000000000-create-auth-role.js';
import { IdempotentReplies1734600000000 } from './1734600000000-idempotent-replies.js';

export const migrations = [
  CreateAuthSchema1732200000000,
  PartnerOauth1732400000000,
  CreateAuthRole1734000000000,
  IdempotentReplies1734600000000,
];
