import { Controller } from '@nestjs/common';
import { AuthContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { GetDashboardUserUseCase } from '../users/get-dashboard-user.use-case.js';
import { GetTeamMemberUseCase } from '../users/get-team-member.use-case.js';
import { AcceptInvitationUseCase, CreateInvitationUseCase, ListInvitationsUseCase } from './invitations.use-case.js';
import { RemoveMemberUseCase, SetMemberRoleUseCase } from './manage-members.use-case.js';

/** A team's people for the dashboard: roles, removal, invitations. */
@Controller()
export class PeopleHandler {
  constructor(
    private readonly setRole: SetMemberRoleUseCase,
    private readonly removeMember: RemoveMemberUseCase,
    private readonly createInvitation: CreateInvitationUseCase,
    private readonly listInvitations: ListInvitationsUseCase,
    private readonly acceptInvitation: AcceptInvitationUseCase,
    private readonly getMember: GetTeamMemberUseCase,
    private readonly getUser: GetDashboardUserUseCase,
  ) {}

  @RpcHandler(AuthContracts.setMemberRole)
  async role(@RpcPayload(AuthContracts.setMemberRole) request: RpcRequest<typeof AuthContracts.setMemberRole>) {
    await this.setRole.execute(request);
    return this.getMember.execute(request.teamId, request.userId);
  }

  @RpcHandler(AuthContracts.removeMember)
  remove(@RpcPayload(AuthContracts.removeMember) request: RpcRequest<typeof AuthContracts.removeMember>) {
    return this.removeMember.execute(request);
  }

  @RpcHandler(AuthContracts.createInvitation)
  invite(@RpcPayload(AuthContracts.createInvitation) request: RpcRequest<typeof AuthContracts.createInvitation>) {
    return this.createInvitation.execute(request);
  }

  @RpcHandler(AuthContracts.listInvitations)
  invitations(@RpcPayload(AuthContracts.listInvitations) request: RpcRequest<typeof AuthContracts.listInvitations>) {
    return this.listInvitations.execute(request.teamId);
  }

  @RpcHandler(AuthContracts.getInvitation)
  preview(@RpcPayload(AuthContracts.getInvitation) request: RpcRequest<typeof AuthContracts.getInvitation>) {
    return this.acceptInvitation.preview(request.token);
  }

  @RpcHandler(AuthContracts.acceptInvitation)
  async accept(@RpcPayload(AuthContracts.acceptInvitation) request: RpcRequest<typeof AuthContracts.acceptInvitation>) {
    return this.getUser.execute(await this.acceptInvitation.execute(request.token, request.password));
  }
}
