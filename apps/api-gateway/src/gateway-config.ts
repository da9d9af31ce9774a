import { type Config } from '@cps/config';
import { type GatewayEnv } from './config.js';
import { type LinkConfig } from './link/link.config.js';

/** The gateway's parsed configuration, injected where a use case needs it (tests pass plain objects). */
export type GatewayConfig = Config<GatewayEnv> & { link: LinkConfig };

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
