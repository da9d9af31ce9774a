import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PeopleModule } from '../people/people.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { ApiKeyEntity } from './api-key.entity.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { ApiKeysHandler } from './api-keys.handler.js';
import { CreateApiKeyUseCase } from './create-api-key.use-case.js';
import { RevokeApiKeyUseCase } from './revoke-api-key.use-case.js';
import { VerifyApiKeyUseCase } from './verify-api-key.use-case.js';

@Module({
  imports: [TypeOrmModule.forFeature([ApiKeyEntity]), TeamsModule, PeopleModule],
  controllers: [ApiKeysHandler],
  providers: [ApiKeyRepository, CreateApiKeyUseCase, VerifyApiKeyUseCase, RevokeApiKeyUseCase],
})
export class ApiKeysModule {}
