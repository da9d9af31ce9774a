import { Module } from '@nestjs/common';
import { SecretBox } from '@cps/persistence';
import { SYNC_CONFIG, type SyncServiceConfig } from '../config.js';
import { RetailerAdapters, SandboxRetailerAdapters } from './retailer-adapters.js';
import { RetailerCredentialVault } from './retailer-credential-vault.js';

/** The retailer adapter port and the vault its secrets go through. Import it where retailers are reached. */
@Module({
  providers: [
    {
      provide: RetailerAdapters,
      inject: [SYNC_CONFIG],
      useFactory: (config: SyncServiceConfig) => new SandboxRetailerAdapters(config.retailerAdapters),
    },
    {
      provide: RetailerCredentialVault,
      inject: [SYNC_CONFIG],
      useFactory: (config: SyncServiceConfig) => new RetailerCredentialVault(new SecretBox(config.ENCRYPTION_KEY)),
    },
  ],
  exports: [RetailerAdapters, RetailerCredentialVault],
})
export class RetailerAdaptersModule {}
