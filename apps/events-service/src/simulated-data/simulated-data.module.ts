import { Module } from '@nestjs/common';
import { SimulatedDataPurgedHandler } from './simulated-data-purged.handler.js';
import { SimulatedWebhookEventRepository } from './simulated-webhook-event.repository.js';

/** Simulated rows removed when sync-service purges simulated data. */
@Module({
  providers: [SimulatedWebhookEventRepository, SimulatedDataPurgedHandler],
})
export class SimulatedDataModule {}
