import { CreateSandboxSchema1733100000000 } from './1733100000000-create-sandbox-schema.js';
import { CreateSandboxRole1734000000000 } from './1734000000000-create-sandbox-role.js';

export const migrations = [CreateSandboxSchema1733100000000, CreateSandboxRole1734000000000];
