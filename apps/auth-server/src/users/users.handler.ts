import { Controller } from '@nestjs/common';
import { AuthContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { CreateUserUseCase } from './create-user.use-case.js';
import { ChangePasswordUseCase } from './change-password.use-case.js';
import { GetDashboardUserUseCase } from './get-dashboard-user.use-case.js';
import { SignInDashboardUserUseCase } from './sign-in-dashboard-user.use-case.js';
import { UserRepository } from './user.repository.js';

@Controller()
export class UsersHandler {
  constructor(
    private readonly createUser: CreateUserUseCase,
    private readonly signInUser: SignInDashboardUserUseCase,
    private readonly getUser: GetDashboardUserUseCase,
    private readonly changeUserPassword: ChangePasswordUseCase,
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
    return this.signInUser.execute(request.email, request.password, request.address);
  }

  @RpcHandler(AuthContracts.getUser)
  get(@RpcPayload(AuthContracts.getUser) request: RpcRequest<typeof AuthContracts.getUser>) {
    return this.getUser.execute(request.userId);
  }

  @RpcHandler(AuthContracts.changePassword)
  changePassword(@RpcPayload(AuthContracts.changePassword) request: RpcRequest<typeof AuthContracts.changePassword>) {
    return this.changeUserPassword.execute(request.userId, request.currentPassword, request.newPassword);
  }

  @RpcHandler(AuthContracts.listTeamMembers)
  async members(@RpcPayload(AuthContracts.listTeamMembers) request: RpcRequest<typeof AuthContracts.listTeamMembers>) {
    const members = await this.users.membersOf(request.teamId);
    return { members: members.map((member) => ({ ...member, joined_at: member.joined_at.toISOString() })) };
  }
}
