import { Module } from '@nestjs/common';
import { PROJECTORS } from './handlers.js';

/** The read model `ask` answers from: one durable consumer per projected event (ADR 0016). */
@Module({ providers: PROJECTORS })
export class ReadModelModule {}
