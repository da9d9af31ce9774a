import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreateTeamUseCase } from './create-team.use-case.js';
import {
  GetTeamUseCase,
  SetTeamBrandingUseCase,
  SetTeamRateLimitUseCase,
  SetTeamSharingUseCase,
} from './get-team.use-case.js';
import { TeamEntity } from './team.entity.js';
import { TeamRepository } from './team.repository.js';
import { TeamsHandler } from './teams.handler.js';

@Module({
  imports: [TypeOrmModule.forFeature([TeamEntity])],
  controllers: [TeamsHandler],
  providers: [
    TeamRepository,
    CreateTeamUseCase,
    GetTeamUseCase,
    SetTeamRateLimitUseCase,
    SetTeamBrandingUseCase,
    SetTeamSharingUseCase,
  ],
  exports: [TeamRepository],
})
export class TeamsModule {}
