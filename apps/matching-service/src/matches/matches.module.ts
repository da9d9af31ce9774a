import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductsModule } from '../products/products.module.js';
import { CatalogChangedHandler } from './catalog-changed.handler.js';
import { CatalogMatcher } from './catalog-matcher.js';
import { GetPurchaseMatchesUseCase } from './get-purchase-matches.use-case.js';
import { ItemMatchEntity } from './item-match.entity.js';
import { ItemMatchRepository } from './item-match.repository.js';
import { MatchesHandler } from './matches.handler.js';
import { MatchPurchaseUseCase } from './match-purchase.use-case.js';
import { PurchaseCollectedHandler } from './purchase-collected.handler.js';
import { RematchRecentPurchasesUseCase } from './rematch-recent-purchases.use-case.js';

@Module({
  imports: [TypeOrmModule.forFeature([ItemMatchEntity]), ProductsModule],
  controllers: [MatchesHandler],
  providers: [
    ItemMatchRepository,
    CatalogMatcher,
    MatchPurchaseUseCase,
    RematchRecentPurchasesUseCase,
    GetPurchaseMatchesUseCase,
    PurchaseCollectedHandler,
    CatalogChangedHandler,
  ],
})
export class MatchesModule {}
