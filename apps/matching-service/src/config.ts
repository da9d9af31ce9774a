import { loadConfig, withPort } from '@cps/config';

export const configSchema = withPort(3011);
export const config = loadConfig(configSchema);
