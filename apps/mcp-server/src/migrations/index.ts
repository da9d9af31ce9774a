import { CreateMcpSchema1732200000000 } from './1732200000000-create-mcp-schema.js';
import { CreateMcpRole1734000000000 } from './1734000000000-create-mcp-role.js';
import { CreateReadModel1735000000000 } from './1735000000000-create-read-model.js';

export const migrations = [CreateMcpSchema1732200000000, CreateMcpRole1734000000000, CreateReadModel1735000000000];
