import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreateTeamUseCase } from './create-team.use-case.js';
import { GetTeamUseCase } from './get-team.use-case.js';
import { SetTeamBrandingUseCase } from './set-team-branding.use-case.js';
import { SetTeamRateLimitUseCase } from './set-team-rate-limit.use-case.js';
import { SetTeamSharingUseCase } from './set-team-sharing.use-case.js';
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
