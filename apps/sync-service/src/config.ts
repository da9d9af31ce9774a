import { type Config, DEVELOPMENT_ENCRYPTION_KEY, EncryptionKey, EnvPort, loadConfig, ServiceEnv } from '@cps/config';
import { type CollectionConfig, CollectionEnv } from './collection/collection.config.js';
import { type RetailerAdaptersConfig, RetailerAdaptersEnv } from './retailer-adapters/retailer-adapters.config.js';

export class SyncServiceEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3010;

  /** Seals retailer credentials and the raw link tokens kept for idempotent retries (AES-256-GCM). */
  @EncryptionKey()
  ENCRYPTION_KEY = DEVELOPMENT_ENCRYPTION_KEY;
}

/** The service's variables, with the scheduler's and the retailer adapters' (each validated by its own class). */
export type SyncServiceConfig = Config<SyncServiceEnv> & {
  collection: CollectionConfig;
  retailerAdapters: RetailerAdaptersConfig;
};

/** Injection token of the configuration. */
export const SYNC_CONFIG = Symbol('SYNC_CONFIG');

/** The configuration read from `env` when the service starts (a bad environment stops it, code 78). */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): SyncServiceConfig {
  return {
    ...loadConfig(SyncServiceEnv, env),
    collection: loadConfig(CollectionEnv, env),
    retailerAdapters: loadConfig(RetailerAdaptersEnv, env),
  };
}
