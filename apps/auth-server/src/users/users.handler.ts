import { Controller } from '@nestjs/common';
import { AuthContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { CreateUserUseCase } from './create-user.use-case.js';

@Controller()
export class UsersHandler {
  constructor(private readonly createUser: CreateUserUseCase) {}

  @RpcHandler(AuthContracts.createUser)
  create(
    @RpcPayload(AuthContracts.createUser)
    request: RpcRequest<typeof AuthContracts.createUser>,
  ) {
    return this.createUser.execute(request.email, request.password, request.teamIds);
  }
}
