import { Global, Module } from '@nestjs/common';
import { SimulatedWebhookEventRepository } from './simulated-webhook-event.repository.js';

/** Global: the purge consumer is instantiated by the platform's messaging module. */
@Global()
@Module({
  providers: [SimulatedWebhookEventRepository],
  exports: [SimulatedWebhookEventRepository],
})
export class SimulatedDataModule {}
