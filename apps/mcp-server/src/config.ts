import { loadConfig, withPort } from '@cps/config';

export const configSchema = withPort(3003);
export const config = loadConfig(configSchema);
