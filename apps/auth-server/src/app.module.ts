import { Module } from '@nestjs/common';
import { PlatformModule } from '@cps/platform';
import { ApiKeyEntity } from './api-keys/api-key.entity.js';
import { ApiKeysModule } from './api-keys/api-keys.module.js';
import { config } from './config.js';
import { migrations } from './migrations/index.js';
import { TeamEntity } from './teams/team.entity.js';
import { TeamsModule } from './teams/teams.module.js';
import { MembershipEntity, UserEntity } from './users/user.entity.js';
import { UsersModule } from './users/users.module.js';

@Module({
  imports: [
    PlatformModule.forRoot({
      service: 'auth-server',
      schema: 'auth',
      config,
      entities: [TeamEntity, ApiKeyEntity, UserEntity, MembershipEntity],
      migrations,
      producesEvents: true,
    }),
    TeamsModule,
    ApiKeysModule,
    UsersModule,
  ],
})
export class AppModule {}
