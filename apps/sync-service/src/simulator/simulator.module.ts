import { Module } from '@nestjs/common';
import { SYNC_CONFIG, type SyncServiceConfig } from '../config.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { RetailersModule } from '../retailers/retailers.module.js';
import { CreateSimulatedConnectionUseCase } from './create-simulated-connection.use-case.js';
import { CreateSimulatedPurchaseUseCase } from './create-simulated-purchase.use-case.js';
import { PurgeSimulatedDataUseCase, SIMULATED_DATA_RETENTION_DAYS } from './purge-simulated-data.use-case.js';
import { SimulatedDataRepository } from './simulated-data.repository.js';
import { SimulatorHandler } from './simulator.handler.js';
import { UpdateSimulatedConnectionUseCase } from './update-simulated-connection.use-case.js';

@Module({
  imports: [RetailersModule, ConnectionsModule, PurchasesModule],
  controllers: [SimulatorHandler],
  providers: [
    CreateSimulatedConnectionUseCase,
    CreateSimulatedPurchaseUseCase,
    UpdateSimulatedConnectionUseCase,
    SimulatedDataRepository,
    PurgeSimulatedDataUseCase,
    {
      provide: SIMULATED_DATA_RETENTION_DAYS,
      inject: [SYNC_CONFIG],
      useFactory: (config: SyncServiceConfig) => config.collection.SIMULATED_DATA_RETENTION_DAYS,
    },
  ],
  exports: [PurgeSimulatedDataUseCase],
})
export class SimulatorModule {}
