import { CreateGatewaySchema1732300000000 } from './1732300000000-create-gateway-schema.js';

export const migrations = [CreateGatewaySchema1732300000000];
