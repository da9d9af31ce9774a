import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdOptOutEntity } from './ad-opt-out.entity.js';
import { AdOptOutRepository } from './ad-opt-out.repository.js';
import { AdOptOutsHandler } from './ad-opt-outs.handler.js';
import { RecordAdOptOutUseCase } from './record-ad-opt-out.use-case.js';

@Module({
  imports: [TypeOrmModule.forFeature([AdOptOutEntity])],
  controllers: [AdOptOutsHandler],
  providers: [AdOptOutRepository, RecordAdOptOutUseCase],
  // For ad-platform delivery (a later issue), which checks isOptedOut before sharing a purchase.
  exports: [AdOptOutRepository],
})
export class AdOptOutsModule {}
