import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AcceptInvitationUseCase, CreateInvitationUseCase, ListInvitationsUseCase } from './invitations.use-case.js';
import { RemoveMemberUseCase, SetMemberRoleUseCase } from './manage-members.use-case.js';
import { PeopleHandler } from './people.handler.js';
import { PeopleRepository } from './people.repository.js';
import { TeamAccess } from './team-access.js';

@Module({
  imports: [UsersModule],
  controllers: [PeopleHandler],
  providers: [
    PeopleRepository,
    TeamAccess,
    SetMemberRoleUseCase,
    RemoveMemberUseCase,
    CreateInvitationUseCase,
    ListInvitationsUseCase,
    AcceptInvitationUseCase,
  ],
  exports: [PeopleRepository, TeamAccess],
})
export class PeopleModule {}
