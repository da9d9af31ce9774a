import { CreateSandboxSchema1733100000000 } from './1733100000000-create-sandbox-schema.js';

export const migrations = [CreateSandboxSchema1733100000000];
