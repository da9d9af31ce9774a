import { Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock.js';
import { EventOutbox, PostgresEventOutbox } from './event-outbox.js';
import { CryptoRandomness, Randomness } from './randomness.js';
import { Transactor, TypeOrmTransactor } from './transactor.js';

/** The side-effect ports use cases depend on, bound to their production implementations. */
@Module({
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: Randomness, useClass: CryptoRandomness },
    { provide: Transactor, useClass: TypeOrmTransactor },
    { provide: EventOutbox, useClass: PostgresEventOutbox },
  ],
  exports: [Clock, Randomness, Transactor, EventOutbox],
})
export class CommonModule {}
