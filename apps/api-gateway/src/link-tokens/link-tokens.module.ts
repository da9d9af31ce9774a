import { Module } from '@nestjs/common';
import { CreateLinkTokenUseCase } from './create-link-token.use-case.js';
import { LinkTokensController } from './link-tokens.controller.js';
import { ListLinkTokensUseCase } from './list-link-tokens.use-case.js';
import { RevokeLinkTokenUseCase } from './revoke-link-token.use-case.js';

@Module({
  controllers: [LinkTokensController],
  providers: [CreateLinkTokenUseCase, ListLinkTokensUseCase, RevokeLinkTokenUseCase],
})
export class LinkTokensModule {}
