import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { PeopleRepository } from './people.repository.js';
import { invitationView } from './invitation-view.js';

@Injectable()
export class ListInvitationsUseCase {
  constructor(private readonly people: PeopleRepository) {}

  async execute(teamId: string): Promise<AuthContracts.InvitationList> {
    return { invitations: (await this.people.pendingInvitations(teamId, new Date())).map(invitationView) };
  }
}
