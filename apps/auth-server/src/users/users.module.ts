import { Module } from '@nestjs/common';
import { TeamsModule } from '../teams/teams.module.js';
import { CheckPasswordUseCase } from './check-password.use-case.js';
import { CreateUserUseCase } from './create-user.use-case.js';
import { DashboardUsersUseCase } from './dashboard-users.use-case.js';
import { SignInThrottleRepository } from './sign-in-throttle.repository.js';
import { UserRepository } from './user.repository.js';
import { UsersHandler } from './users.handler.js';

@Module({
  imports: [TeamsModule],
  controllers: [UsersHandler],
  providers: [UserRepository, CreateUserUseCase, DashboardUsersUseCase, SignInThrottleRepository, CheckPasswordUseCase],
  exports: [UserRepository, CheckPasswordUseCase, DashboardUsersUseCase],
})
export class UsersModule {}
