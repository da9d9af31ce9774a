import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module.js';
import { ShopsModule } from '../shops/shops.module.js';
import { AppProxyController } from './app-proxy.controller.js';
import { AppProxyGuard } from './app-proxy.guard.js';
import { DisconnectConnectionUseCase } from './disconnect-connection.use-case.js';
import { FollowLinkUseCase } from './follow-link.use-case.js';
import { GetConfigurationUseCase } from './get-configuration.use-case.js';
import { GetVisibilityUseCase } from './get-visibility.use-case.js';
import { ListRetailersUseCase } from './list-retailers.use-case.js';
import { StartLinkUseCase } from './start-link.use-case.js';
import { CustomerProfiles } from './customer-profiles.js';
import { LinkFlow } from './link-flow.js';
import { SignedRequests } from './signed-requests.js';
import { StorefrontBrand } from './storefront-brand.js';
import { UsedSignatureRepository } from './used-signature.repository.js';

@Module({
  imports: [ClientsModule, ShopsModule],
  controllers: [AppProxyController],
  providers: [
    AppProxyGuard,
    SignedRequests,
    UsedSignatureRepository,
    CustomerProfiles,
    StorefrontBrand,
    LinkFlow,
    GetConfigurationUseCase,
    GetVisibilityUseCase,
    ListRetailersUseCase,
    StartLinkUseCase,
    DisconnectConnectionUseCase,
    FollowLinkUseCase,
  ],
  exports: [SignedRequests],
})
export class AppProxyModule {}
