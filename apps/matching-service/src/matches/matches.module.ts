import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from '../common/clock.js';
import { EventOutbox, PostgresEventOutbox } from '../common/event-outbox.js';
import { ProductsModule } from '../products/products.module.js';
import { ItemMatchRepository } from './item-match.repository.js';
import { MatchPurchaseUseCase } from './match-purchase.use-case.js';

/**
 * Global because event handlers are instantiated by the messaging module (PlatformModule.forRoot's
 * `eventHandlers`), which can only see globally exported providers.
 */
@Global()
@Module({
  imports: [ProductsModule],
  providers: [
    ItemMatchRepository,
    MatchPurchaseUseCase,
    { provide: Clock, useClass: SystemClock },
    { provide: EventOutbox, useClass: PostgresEventOutbox },
  ],
  exports: [MatchPurchaseUseCase],
})
export class MatchesModule {}
