import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TeamsModule } from '../teams/teams.module.js';
import { MembershipEntity, UserEntity } from './user.entity.js';
import { CheckPasswordUseCase } from './check-password.use-case.js';
import { CreateUserUseCase } from './create-user.use-case.js';
import { ChangePasswordUseCase } from './change-password.use-case.js';
import { GetDashboardUserUseCase } from './get-dashboard-user.use-case.js';
import { GetTeamMemberUseCase } from './get-team-member.use-case.js';
import { SignInDashboardUserUseCase } from './sign-in-dashboard-user.use-case.js';
import { SignInThrottleRepository } from './sign-in-throttle.repository.js';
import { UserRepository } from './user.repository.js';
import { UsersHandler } from './users.handler.js';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, MembershipEntity]), TeamsModule],
  controllers: [UsersHandler],
  providers: [
    UserRepository,
    CreateUserUseCase,
    GetDashboardUserUseCase,
    SignInDashboardUserUseCase,
    GetTeamMemberUseCase,
    ChangePasswordUseCase,
    SignInThrottleRepository,
    CheckPasswordUseCase,
  ],
  exports: [UserRepository, CheckPasswordUseCase, GetDashboardUserUseCase, GetTeamMemberUseCase],
})
export class UsersModule {}
