import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CollectionModule } from '../collection/collection.module.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { LinkTokensModule } from '../link-tokens/link-tokens.module.js';
import { RetailerAdaptersModule } from '../retailer-adapters/retailer-adapters.module.js';
import { RetailersModule } from '../retailers/retailers.module.js';
import { CancelLinkSessionUseCase } from './cancel-link-session.use-case.js';
import { ChooseLinkRetailerUseCase } from './choose-link-retailer.use-case.js';
import { DeleteExpiredLinkSessionsUseCase } from './delete-expired-link-sessions.use-case.js';
import { GetLinkSessionUseCase } from './get-link-session.use-case.js';
import { LinkConnectionUseCase } from './link-connection.use-case.js';
import { LinkSessionFlow } from './link-session-flow.js';
import { LinkSessionEntity } from './link-session.entity.js';
import { LinkSessionRepository } from './link-session.repository.js';
import { LinkingHandler } from './linking.handler.js';
import { StartLinkSessionUseCase } from './start-link-session.use-case.js';
import { SubmitLinkCodeUseCase } from './submit-link-code.use-case.js';
import { SubmitLinkConsentUseCase } from './submit-link-consent.use-case.js';
import { SubmitLinkCredentialsUseCase } from './submit-link-credentials.use-case.js';

/** The hosted link flow's state and steps; api-gateway renders its pages. */
@Module({
  imports: [
    TypeOrmModule.forFeature([LinkSessionEntity]),
    RetailersModule,
    ConnectionsModule,
    LinkTokensModule,
    RetailerAdaptersModule,
    CollectionModule,
  ],
  controllers: [LinkingHandler],
  providers: [
    LinkSessionRepository,
    LinkSessionFlow,
    StartLinkSessionUseCase,
    GetLinkSessionUseCase,
    ChooseLinkRetailerUseCase,
    SubmitLinkConsentUseCase,
    SubmitLinkCredentialsUseCase,
    SubmitLinkCodeUseCase,
    CancelLinkSessionUseCase,
    LinkConnectionUseCase,
    DeleteExpiredLinkSessionsUseCase,
  ],
  exports: [DeleteExpiredLinkSessionsUseCase],
})
export class LinkingModule {}
