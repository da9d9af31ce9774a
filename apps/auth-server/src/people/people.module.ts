import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AcceptInvitationUseCase } from './accept-invitation.use-case.js';
import { CreateInvitationUseCase } from './create-invitation.use-case.js';
import { ListInvitationsUseCase } from './list-invitations.use-case.js';
import { RemoveMemberUseCase } from './remove-member.use-case.js';
import { SetMemberRoleUseCase } from './set-member-role.use-case.js';
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
