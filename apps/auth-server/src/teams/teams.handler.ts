import { Controller } from '@nestjs/common';
import { AuthContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { CreateTeamUseCase } from './create-team.use-case.js';

@Controller()
export class TeamsHandler {
  constructor(private readonly createTeam: CreateTeamUseCase) {}

  @RpcHandler(AuthContracts.createTeam)
  create(
    @RpcPayload(AuthContracts.createTeam)
    request: RpcRequest<typeof AuthContracts.createTeam>,
  ) {
    return this.createTeam.execute(request.name);
  }
}
