import { Controller } from '@nestjs/common';
import { AuthContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { CreateUserUseCase } from './create-user.use-case.js';
import { DashboardUsersUseCase } from './dashboard-users.use-case.js';
import { UserRepository } from './user.repository.js';

@Controller()
export class UsersHandler {
  constructor(
    private readonly createUser: CreateUserUseCase,
    private readonly dashboardUsers: DashboardUsersUseCase,
    private readonly users: UserRepository,
  ) {}

  @RpcHandler(AuthContracts.createUser)
  create(
    @RpcPayload(AuthContracts.createUser)
    request: RpcRequest<typeof AuthContracts.createUser>,
  ) {
    return this.createUser.execute(request.email, request.password, request.teamIds);
  }

  @RpcHandler(AuthContracts.signInUser)
  signIn(@RpcPayload(AuthContracts.signInUser) request: RpcRequest<typeof AuthContracts.signInUser>) {
    return this.dashboardUsers.signIn(request.email, request.password, request.address);
  }

  @RpcHandler(AuthContracts.getUser)
  get(@RpcPayload(AuthContracts.getUser) request: RpcRequest<typeof AuthContracts.getUser>) {
    return this.dashboardUsers.get(request.userId);
  }

  @RpcHandler(AuthContracts.changePassword)
  changePassword(@RpcPayload(AuthContracts.changePassword) request: RpcRequest<typeof AuthContracts.changePassword>) {
    return this.dashboardUsers.changePassword(request.userId, request.currentPassword, request.newPassword);
  }

  @RpcHandler(AuthContracts.listTeamMembers)
  async members(@RpcPayload(AuthContracts.listTeamMembers) request: RpcRequest<typeof AuthContracts.listTeamMembers>) {
    const members = await this.users.membersOf(request.teamId);
    return { members: members.map((member) => ({ ...member, joined_at: member.joined_at.toISOString() })) };
  }
}
