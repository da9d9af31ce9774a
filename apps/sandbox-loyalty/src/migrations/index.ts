import { CreateSandboxLoyaltySchema1735100000000 } from './1735100000000-create-sandbox-loyalty-schema.js';

export const migrations = [CreateSandboxLoyaltySchema1735100000000];
