import { Module } from '@nestjs/common';
import { SimulatedDataPurgedHandler } from './simulated-data-purged.handler.js';
import { SimulatedMatchRepository } from './simulated-match.repository.js';

/** Simulated rows removed when sync-service purges simulated data. */
@Module({
  providers: [SimulatedMatchRepository, SimulatedDataPurgedHandler],
})
export class SimulatedDataModule {}
