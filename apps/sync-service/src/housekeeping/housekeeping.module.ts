import { Module } from '@nestjs/common';
import { CollectionModule } from '../collection/collection.module.js';
import { LinkingModule } from '../linking/linking.module.js';
import { SimulatorModule } from '../simulator/simulator.module.js';
import { HousekeepingService } from './housekeeping.service.js';

@Module({
  imports: [SimulatorModule, LinkingModule, CollectionModule],
  providers: [HousekeepingService],
})
export class HousekeepingModule {}
