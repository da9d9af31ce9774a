import { AuthContracts } from '@cps/contracts';
import { answer, answerWith, rpcHandlers } from '@cps/messaging';
import { GetDashboardUserUseCase } from '../users/get-dashboard-user.use-case.js';
import { GetTeamMemberUseCase } from '../users/get-team-member.use-case.js';
import { AcceptInvitationUseCase } from './accept-invitation.use-case.js';
import { CreateInvitationUseCase } from './create-invitation.use-case.js';
import { ListInvitationsUseCase } from './list-invitations.use-case.js';
import { RemoveMemberUseCase } from './remove-member.use-case.js';
import { SetMemberRoleUseCase } from './set-member-role.use-case.js';

/** A team's people for the dashboard: roles, removal, invitations. */
export const PeopleHandler = rpcHandlers('PeopleHandler', [
  answerWith(
    AuthContracts.setMemberRole,
    [SetMemberRoleUseCase, GetTeamMemberUseCase],
    async ([setRole, getMember], request) => {
      await setRole.execute(request);
      return getMember.execute(request.teamId, request.userId);
    },
  ),
  answer(AuthContracts.removeMember, RemoveMemberUseCase, (useCase, request) => useCase.execute(request)),
  answer(AuthContracts.createInvitation, CreateInvitationUseCase, (useCase, request) => useCase.execute(request)),
  answer(AuthContracts.listInvitations, ListInvitationsUseCase, (useCase, request) => useCase.execute(request.teamId)),
  answer(AuthContracts.getInvitation, AcceptInvitationUseCase, (useCase, request) => useCase.preview(request.token)),
  answerWith(
    AuthContracts.acceptInvitation,
    [AcceptInvitationUseCase, GetDashboardUserUseCase],
    async ([accept, getUser], request) => getUser.execute(await accept.execute(request.token, request.password)),
  ),
]);
