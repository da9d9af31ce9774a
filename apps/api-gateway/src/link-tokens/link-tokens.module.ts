import { Module } from '@nestjs/common';
import { LinkTokensController } from './link-tokens.controller.js';
import { RevokeLinkTokenUseCase } from './revoke-link-token.use-case.js';

@Module({
  controllers: [LinkTokensController],
  providers: [RevokeLinkTokenUseCase],
})
export class LinkTokensModule {}
