import { CreateMcpSchema1732200000000 } from './1732200000000-create-mcp-schema.js';

export const migrations = [CreateMcpSchema1732200000000];
