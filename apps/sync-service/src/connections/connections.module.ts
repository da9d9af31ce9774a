import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConnectionActivityRepository } from './connection-activity.repository.js';
import { ConnectionEntity } from './connection.entity.js';
import { ConnectionRepository } from './connection.repository.js';

@Module({
  imports: [TypeOrmModule.forFeature([ConnectionEntity])],
  providers: [ConnectionRepository, ConnectionActivityRepository],
  exports: [ConnectionRepository, ConnectionActivityRepository],
})
export class ConnectionsModule {}
