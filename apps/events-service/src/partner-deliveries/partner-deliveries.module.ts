import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { ApplyInstallationChangeUseCase } from './apply-installation-change.use-case.js';
import {
  InstallationActivatedHandler,
  InstallationDeactivatedHandler,
  InstallationDisconnectedHandler,
} from './installation-events.handlers.js';
import { PartnerAppFanOut } from './partner-app.fan-out.js';
import { PartnerAppSecrets, RpcPartnerAppSecrets } from './partner-app-secrets.js';
import { ListPartnerDeliveriesUseCase, PartnerDeliveriesHandler } from './list-partner-deliveries.use-case.js';
import { PartnerTargetRepository } from './partner-target.repository.js';
import {
  ApplyWebhookSecretRotationUseCase,
  PartnerWebhookSecretRotatedHandler,
} from './partner-webhook-secret-rotated.handler.js';

/** Partner-app webhook delivery (ADR 0008); its fan-out is listed in WebhookEventsModule's EVENT_FAN_OUTS. */
@Module({
  imports: [WebhooksModule, DeliveriesModule],
  providers: [
    PartnerTargetRepository,
    { provide: PartnerAppSecrets, useClass: RpcPartnerAppSecrets },
    ApplyInstallationChangeUseCase,
    PartnerAppFanOut,
    ApplyWebhookSecretRotationUseCase,
    ListPartnerDeliveriesUseCase,
    InstallationActivatedHandler,
    InstallationDeactivatedHandler,
    InstallationDisconnectedHandler,
    PartnerWebhookSecretRotatedHandler,
  ],
  controllers: [PartnerDeliveriesHandler],
  exports: [PartnerAppFanOut],
})
export class PartnerDeliveriesModule {}
