import { Module } from '@nestjs/common';
import { SecretBox } from '@cps/persistence';
import { STOREFRONT_CONFIG, type StorefrontProxyConfig } from '../config.js';
import { AuthClient, SyncClient } from './platform-clients.js';

/** The secret box (shop API keys sealed at rest) and the typed clients of the services the proxy asks. */
@Module({
  providers: [
    {
      provide: SecretBox,
      inject: [STOREFRONT_CONFIG],
      useFactory: (config: StorefrontProxyConfig) => new SecretBox(config.ENCRYPTION_KEY),
    },
    AuthClient,
    SyncClient,
  ],
  exports: [SecretBox, AuthClient, SyncClient],
})
export class ClientsModule {}
