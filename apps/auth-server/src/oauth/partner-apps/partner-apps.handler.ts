import { AuthContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { DisconnectInstallationUseCase } from '../installations/disconnect-installation.use-case.js';
import { CreatePartnerAppUseCase } from './create-partner-app.use-case.js';
import { GetPartnerAppWebhookUseCase } from './get-partner-app-webhook.use-case.js';
import { RotatePartnerAppSecretUseCase } from './rotate-partner-app-secret.use-case.js';
import { RotatePartnerAppWebhookSecretUseCase } from './rotate-partner-app-webhook-secret.use-case.js';
import { UpdatePartnerAppUseCase } from './update-partner-app.use-case.js';

export const PartnerAppsHandler = rpcHandlers('PartnerAppsHandler', [
  answer(AuthContracts.createPartnerApp, CreatePartnerAppUseCase, (useCase, request) => useCase.execute(request)),
  answer(AuthContracts.updatePartnerApp, UpdatePartnerAppUseCase, (useCase, request) => useCase.execute(request)),
  answer(AuthContracts.rotatePartnerAppSecret, RotatePartnerAppSecretUseCase, (useCase, request) =>
    useCase.execute(request.clientId),
  ),
  answer(AuthContracts.rotatePartnerAppWebhookSecret, RotatePartnerAppWebhookSecretUseCase, (useCase, request) =>
    useCase.execute(request.clientId, request.overlapSeconds),
  ),
  answer(AuthContracts.getPartnerAppWebhook, GetPartnerAppWebhookUseCase, (useCase, request) =>
    useCase.execute(request.clientId),
  ),
  answer(AuthContracts.disconnectInstallation, DisconnectInstallationUseCase, (useCase, request) =>
    useCase.execute(request.clientId, request.teamId),
  ),
]);
