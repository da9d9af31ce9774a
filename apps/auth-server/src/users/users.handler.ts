import { AuthContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { CreateUserUseCase } from './create-user.use-case.js';
import { ChangePasswordUseCase } from './change-password.use-case.js';
import { GetDashboardUserUseCase } from './get-dashboard-user.use-case.js';
import { SignInDashboardUserUseCase } from './sign-in-dashboard-user.use-case.js';
import { UserRepository } from './user.repository.js';

export const UsersHandler = rpcHandlers('UsersHandler', [
  answer(AuthContracts.createUser, CreateUserUseCase, (useCase, request) =>
    useCase.execute(request.email, request.password, request.teamIds),
  ),
  answer(AuthContracts.signInUser, SignInDashboardUserUseCase, (useCase, request) =>
    useCase.execute(request.email, request.password, request.address),
  ),
  answer(AuthContracts.getUser, GetDashboardUserUseCase, (useCase, request) => useCase.execute(request.userId)),
  answer(AuthContracts.changePassword, ChangePasswordUseCase, (useCase, request) =>
    useCase.execute(request.userId, request.currentPassword, request.newPassword),
  ),
  answer(AuthContracts.listTeamMembers, UserRepository, async (users, request) => ({
    members: (await users.membersOf(request.teamId)).map((member) => ({
      ...member,
      joined_at: member.joined_at.toISOString(),
    })),
  })),
]);
