import { loadConfig, withPort } from '@cps/config';

export const configSchema = withPort(3010);
export const config = loadConfig(configSchema);
