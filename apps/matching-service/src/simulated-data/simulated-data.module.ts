import { Global, Module } from '@nestjs/common';
import { SimulatedMatchRepository } from './simulated-match.repository.js';

/** Global: the purge consumer is instantiated by the platform's messaging module. */
@Global()
@Module({
  providers: [SimulatedMatchRepository],
  exports: [SimulatedMatchRepository],
})
export class SimulatedDataModule {}
