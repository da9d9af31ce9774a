import { Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock.js';
import { CryptoRandomness, Randomness } from './randomness.js';
import { Transactor, TypeOrmTransactor } from './transactor.js';

/** The side-effect ports use cases depend on, bound to their production implementations. */
@Module({
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: Randomness, useClass: CryptoRandomness },
    { provide: Transactor, useClass: TypeOrmTransactor },
  ],
  exports: [Clock, Randomness, Transactor],
})
export class CommonModule {}
