import { Module } from '@nestjs/common';
import { CreateSimulatedConnectionUseCase } from './create-simulated-connection.use-case.js';
import { CreateSimulatedPurchaseUseCase } from './create-simulated-purchase.use-case.js';
import { SimulatorController } from './simulator.controller.js';

@Module({
  controllers: [SimulatorController],
  providers: [CreateSimulatedConnectionUseCase, CreateSimulatedPurchaseUseCase],
})
export class SimulatorModule {}
