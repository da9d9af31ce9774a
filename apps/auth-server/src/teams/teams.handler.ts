import { AuthContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { CreateTeamUseCase } from './create-team.use-case.js';
import { GetTeamUseCase } from './get-team.use-case.js';
import { SetTeamBrandingUseCase } from './set-team-branding.use-case.js';
import { SetTeamRateLimitUseCase } from './set-team-rate-limit.use-case.js';
import { SetTeamSharingUseCase } from './set-team-sharing.use-case.js';

export const TeamsHandler = rpcHandlers('TeamsHandler', [
  answer(AuthContracts.createTeam, CreateTeamUseCase, (useCase, request) => useCase.execute(request.name)),
  answer(AuthContracts.getTeam, GetTeamUseCase, (useCase, request) => useCase.execute(request.teamId)),
  answer(AuthContracts.setTeamRateLimit, SetTeamRateLimitUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.perMinute, request.burst),
  ),
  answer(AuthContracts.setTeamBranding, SetTeamBrandingUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.displayName, request.logoUrl),
  ),
  answer(AuthContracts.setTeamSharing, SetTeamSharingUseCase, (useCase, request) => useCase.execute(request)),
]);
