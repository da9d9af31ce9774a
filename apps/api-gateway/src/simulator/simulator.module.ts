import { Module } from '@nestjs/common';
import { SimulatorController } from './simulator.controller.js';

@Module({ controllers: [SimulatorController] })
export class SimulatorModule {}
