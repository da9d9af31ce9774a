import { type Config, DEVELOPMENT_ENCRYPTION_KEY, EncryptionKey, EnvPort, loadConfig, ServiceEnv } from '@cps/config';

export class SyncServiceEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3010;

  /** Seals retailer credentials and the raw link tokens kept for idempotent retries (AES-256-GCM). */
  @EncryptionKey()
  ENCRYPTION_KEY = DEVELOPMENT_ENCRYPTION_KEY;
}

export type SyncServiceConfig = Config<SyncServiceEnv>;

export const config = loadConfig(SyncServiceEnv);
