import { Controller } from '@nestjs/common';
import { AuthContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { DisconnectInstallationUseCase } from '../installations/disconnect-installation.use-case.js';
import { CreatePartnerAppUseCase } from './create-partner-app.use-case.js';
import { GetPartnerAppWebhookUseCase } from './get-partner-app-webhook.use-case.js';
import { RotatePartnerAppSecretUseCase } from './rotate-partner-app-secret.use-case.js';
import { RotatePartnerAppWebhookSecretUseCase } from './rotate-partner-app-webhook-secret.use-case.js';
import { UpdatePartnerAppUseCase } from './update-partner-app.use-case.js';

@Controller()
export class PartnerAppsHandler {
  constructor(
    private readonly createApp: CreatePartnerAppUseCase,
    private readonly rotateSecret: RotatePartnerAppSecretUseCase,
    private readonly getWebhook: GetPartnerAppWebhookUseCase,
    private readonly rotateWebhookSecret: RotatePartnerAppWebhookSecretUseCase,
    private readonly disconnect: DisconnectInstallationUseCase,
    private readonly updateApp: UpdatePartnerAppUseCase,
  ) {}

  @RpcHandler(AuthContracts.createPartnerApp)
  create(@RpcPayload(AuthContracts.createPartnerApp) request: RpcRequest<typeof AuthContracts.createPartnerApp>) {
    return this.createApp.execute(request);
  }

  @RpcHandler(AuthContracts.updatePartnerApp)
  update(@RpcPayload(AuthContracts.updatePartnerApp) request: RpcRequest<typeof AuthContracts.updatePartnerApp>) {
    return this.updateApp.execute(request);
  }

  @RpcHandler(AuthContracts.rotatePartnerAppSecret)
  rotate(
    @RpcPayload(AuthContracts.rotatePartnerAppSecret) request: RpcRequest<typeof AuthContracts.rotatePartnerAppSecret>,
  ) {
    return this.rotateSecret.execute(request.clientId);
  }

  @RpcHandler(AuthContracts.rotatePartnerAppWebhookSecret)
  rotateWebhook(
    @RpcPayload(AuthContracts.rotatePartnerAppWebhookSecret)
    request: RpcRequest<typeof AuthContracts.rotatePartnerAppWebhookSecret>,
  ) {
    return this.rotateWebhookSecret.execute(request.clientId, request.overlapSeconds);
  }

  @RpcHandler(AuthContracts.getPartnerAppWebhook)
  webhook(
    @RpcPayload(AuthContracts.getPartnerAppWebhook) request: RpcRequest<typeof AuthContracts.getPartnerAppWebhook>,
  ) {
    return this.getWebhook.execute(request.clientId);
  }

  @RpcHandler(AuthContracts.disconnectInstallation)
  disconnectInstallation(
    @RpcPayload(AuthContracts.disconnectInstallation) request: RpcRequest<typeof AuthContracts.disconnectInstallation>,
  ) {
    return this.disconnect.execute(request.clientId, request.teamId);
  }
}
