import { Module } from '@nestjs/common';
import { CreateSimulatedConnectionUseCase } from './create-simulated-connection.use-case.js';
import { CreateSimulatedPurchaseUseCase } from './create-simulated-purchase.use-case.js';
import { DeleteSimulatedConnectionUseCase } from './delete-simulated-connection.use-case.js';
import { SimulatorController } from './simulator.controller.js';
import { UpdateSimulatedConnectionUseCase } from './update-simulated-connection.use-case.js';

@Module({
  controllers: [SimulatorController],
  providers: [
    CreateSimulatedConnectionUseCase,
    CreateSimulatedPurchaseUseCase,
    UpdateSimulatedConnectionUseCase,
    DeleteSimulatedConnectionUseCase,
  ],
})
export class SimulatorModule {}
