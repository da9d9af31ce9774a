import { Module } from '@nestjs/common';
import { CommonModule } from '../common/common.module.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { RetailersModule } from '../retailers/retailers.module.js';
import { CreateSimulatedConnectionUseCase } from './create-simulated-connection.use-case.js';
import { CreateSimulatedPurchaseUseCase } from './create-simulated-purchase.use-case.js';
import { SimulatorHandler } from './simulator.handler.js';

@Module({
  imports: [CommonModule, RetailersModule, ConnectionsModule, PurchasesModule],
  controllers: [SimulatorHandler],
  providers: [CreateSimulatedConnectionUseCase, CreateSimulatedPurchaseUseCase],
})
export class SimulatorModule {}
