import { Module } from '@nestjs/common';
import { SecretBox } from '@cps/persistence';
import { config } from '../config.js';
import { RetailerAdapters, SandboxRetailerAdapters } from './retailer-adapters.js';
import { retailerAdaptersConfig } from './retailer-adapters.config.js';
import { RetailerCredentialVault } from './retailer-credential-vault.js';

/** The retailer adapter port and the vault its secrets go through. Import it where retailers are reached. */
@Module({
  providers: [
    { provide: RetailerAdapters, useFactory: () => new SandboxRetailerAdapters(retailerAdaptersConfig) },
    {
      provide: RetailerCredentialVault,
      useFactory: () => new RetailerCredentialVault(new SecretBox(config.ENCRYPTION_KEY)),
    },
  ],
  exports: [RetailerAdapters, RetailerCredentialVault],
})
export class RetailerAdaptersModule {}
