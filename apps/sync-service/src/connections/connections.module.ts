import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RetailersModule } from '../retailers/retailers.module.js';
import { ConnectionActivityEntity } from './connection-activity.entity.js';
import { ConnectionActivityRepository } from './connection-activity.repository.js';
import { ConnectionEntity } from './connection.entity.js';
import { ConnectionRepository } from './connection.repository.js';
import { ConnectionsHandler } from './connections.handler.js';
import { CreateConnectionUseCase } from './create-connection.use-case.js';
import { DeleteConnectionUseCase } from './delete-connection.use-case.js';
import { GetConnectionUseCase } from './get-connection.use-case.js';
import { ListConnectionActivityUseCase } from './list-connection-activity.use-case.js';
import { ListConnectionsUseCase } from './list-connections.use-case.js';
import { UpdateConnectionUseCase } from './update-connection.use-case.js';

@Module({
  imports: [TypeOrmModule.forFeature([ConnectionEntity, ConnectionActivityEntity]), RetailersModule],
  controllers: [ConnectionsHandler],
  providers: [
    ConnectionRepository,
    ConnectionActivityRepository,
    CreateConnectionUseCase,
    ListConnectionsUseCase,
    GetConnectionUseCase,
    UpdateConnectionUseCase,
    DeleteConnectionUseCase,
    ListConnectionActivityUseCase,
  ],
  exports: [ConnectionRepository, ConnectionActivityRepository, DeleteConnectionUseCase],
})
export class ConnectionsModule {}
