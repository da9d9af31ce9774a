import { type z } from 'zod';
import { type configSchema } from './config.js';

/** The gateway's parsed configuration, injected where a use case needs it (tests pass plain objects). */
export type GatewayConfig = z.output<typeof configSchema>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
