import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecretBox } from '@cps/persistence';
import { SYNC_CONFIG, type SyncServiceConfig } from '../config.js';
import { CreateLinkTokenUseCase } from './create-link-token.use-case.js';
import { LinkTokenEntity } from './link-token.entity.js';
import { LinkTokenRepository } from './link-token.repository.js';
import { LinkTokensHandler } from './link-tokens.handler.js';
import { ListLinkTokensUseCase } from './list-link-tokens.use-case.js';
import { ResolveLinkTokenUseCase } from './resolve-link-token.use-case.js';
import { RevokeLinkTokenUseCase } from './revoke-link-token.use-case.js';

@Module({
  imports: [TypeOrmModule.forFeature([LinkTokenEntity])],
  controllers: [LinkTokensHandler],
  providers: [
    LinkTokenRepository,
    CreateLinkTokenUseCase,
    ListLinkTokensUseCase,
    RevokeLinkTokenUseCase,
    ResolveLinkTokenUseCase,
    {
      provide: SecretBox,
      inject: [SYNC_CONFIG],
      useFactory: (config: SyncServiceConfig) => new SecretBox(config.ENCRYPTION_KEY),
    },
  ],
  exports: [LinkTokenRepository],
})
export class LinkTokensModule {}
