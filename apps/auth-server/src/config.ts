import { loadConfig, withPort } from '@cps/config';

export const configSchema = withPort(3001);
export const config = loadConfig(configSchema);
