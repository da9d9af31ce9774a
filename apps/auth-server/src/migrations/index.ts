import { CreateAuthSchema1732200000000 } from './1732200000000-create-auth-schema.js';

export const migrations = [CreateAuthSchema1732200000000];
