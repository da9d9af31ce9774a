import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ConnectionsController } from './connections.controller.js';
import { IssueConnectionTokenUseCase } from './issue-connection-token.use-case.js';
import { ListConnectionActivityUseCase } from './list-connection-activity.use-case.js';

@Module({
  imports: [AuthModule],
  controllers: [ConnectionsController],
  providers: [ListConnectionActivityUseCase, IssueConnectionTokenUseCase],
})
export class ConnectionsModule {}
