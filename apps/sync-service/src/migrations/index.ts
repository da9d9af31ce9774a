import { CreateSyncSchema1732300000000 } from './1732300000000-create-sync-schema.js';

export const migrations = [CreateSyncSchema1732300000000];
