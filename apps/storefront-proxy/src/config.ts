import { loadConfig, withPort } from '@cps/config';

export const configSchema = withPort(3002);
export const config = loadConfig(configSchema);
