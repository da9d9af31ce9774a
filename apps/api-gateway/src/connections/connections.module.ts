import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ConnectionsController } from './connections.controller.js';
import { CreateConnectionUseCase } from './create-connection.use-case.js';
import { DeleteConnectionUseCase } from './delete-connection.use-case.js';
import { GetConnectionUseCase } from './get-connection.use-case.js';
import { IssueConnectionTokenUseCase } from './issue-connection-token.use-case.js';
import { ListConnectionActivityUseCase } from './list-connection-activity.use-case.js';
import { ListConnectionsUseCase } from './list-connections.use-case.js';
import { UpdateConnectionUseCase } from './update-connection.use-case.js';

@Module({
  imports: [AuthModule],
  controllers: [ConnectionsController],
  providers: [
    ListConnectionsUseCase,
    CreateConnectionUseCase,
    GetConnectionUseCase,
    UpdateConnectionUseCase,
    DeleteConnectionUseCase,
    ListConnectionActivityUseCase,
    IssueConnectionTokenUseCase,
  ],
})
export class ConnectionsModule {}
