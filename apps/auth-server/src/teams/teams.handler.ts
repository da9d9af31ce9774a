import { Controller } from '@nestjs/common';
import { AuthContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { CreateTeamUseCase } from './create-team.use-case.js';
import { GetTeamUseCase } from './get-team.use-case.js';
import { SetTeamBrandingUseCase } from './set-team-branding.use-case.js';
import { SetTeamRateLimitUseCase } from './set-team-rate-limit.use-case.js';
import { SetTeamSharingUseCase } from './set-team-sharing.use-case.js';

@Controller()
export class TeamsHandler {
  constructor(
    private readonly createTeam: CreateTeamUseCase,
    private readonly getTeam: GetTeamUseCase,
    private readonly setRateLimit: SetTeamRateLimitUseCase,
    private readonly setBranding: SetTeamBrandingUseCase,
    private readonly setSharing: SetTeamSharingUseCase,
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

  @RpcHandler(AuthContracts.setTeamRateLimit)
  setTeamRateLimit(
    @RpcPayload(AuthContracts.setTeamRateLimit) request: RpcRequest<typeof AuthContracts.setTeamRateLimit>,
  ) {
    return this.setRateLimit.execute(request.teamId, request.perMinute, request.burst);
  }

  @RpcHandler(AuthContracts.setTeamBranding)
  setTeamBranding(
    @RpcPayload(AuthContracts.setTeamBranding) request: RpcRequest<typeof AuthContracts.setTeamBranding>,
  ) {
    return this.setBranding.execute(request.teamId, request.displayName, request.logoUrl);
  }

  @RpcHandler(AuthContracts.setTeamSharing)
  setTeamSharing(@RpcPayload(AuthContracts.setTeamSharing) request: RpcRequest<typeof AuthContracts.setTeamSharing>) {
    return this.setSharing.execute(request);
  }
}
