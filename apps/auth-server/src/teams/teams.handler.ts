import { Controller } from '@nestjs/common';
import { AuthContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { CreateTeamUseCase } from './create-team.use-case.js';
import { GetTeamUseCase } from './get-team.use-case.js';

@Controller()
export class TeamsHandler {
  constructor(
    private readonly createTeam: CreateTeamUseCase,
    private readonly getTeam: GetTeamUseCase,
  ) {}

  @RpcHandler(AuthContracts.createTeam)
  create(
    @RpcPayload(AuthContracts.createTeam)
    request: RpcRequest<typeof AuthContracts.createTeam>,
  ) {
    return this.createTeam.execute(request.name);
  }

  @RpcHandler(AuthContracts.getTeam)
  get(@RpcPayload(AuthContracts.getTeam) request: RpcRequest<typeof AuthContracts.getTeam>) {
    return this.getTeam.execute(request.teamId);
  }
}
