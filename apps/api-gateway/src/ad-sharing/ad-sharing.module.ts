import { Module } from '@nestjs/common';
import { AdSharingController } from './ad-sharing.controller.js';
import { RecordOptOutUseCase } from './record-opt-out.use-case.js';

@Module({ controllers: [AdSharingController], providers: [RecordOptOutUseCase] })
export class AdSharingModule {}
