import { Controller, Get } from '@nestjs/common';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import { ValidPath, ValidQuery } from '../http/request-parts.decorator.js';
import { ApiTag, Endpoint } from '../openapi/endpoint.decorator.js';
import {
  listPurchasesQuerySchema,
  purchaseDetailResponseSchema,
  purchaseListResponseSchema,
  purchasePathSchema,
  type ListPurchasesQuery,
  type PurchasePath,
} from './dto/purchase.dto.js';
import { GetPurchaseUseCase } from './get-purchase.use-case.js';
import { ListPurchasesUseCase } from './list-purchases.use-case.js';

@Controller('purchases')
@ApiTag('Purchases')
export class PurchasesController {
  constructor(
    private readonly listPurchases: ListPurchasesUseCase,
    private readonly getPurchase: GetPurchaseUseCase,
  ) {}

  @Get()
  @Access({ connectionToken: true })
  @Endpoint({
    summary: "List a connection's purchases",
    description:
      'Needs `x-api-key` and `Authorization: Bearer <connection_token>` (scope `access`) of the same team. ' +
      'Newest first; purchases with the same date are ordered by `purchase_id`, so paging with ' +
      '`starting_after` never skips or repeats one.',
    status: 200,
    response: purchaseListResponseSchema,
  })
  list(@Caller() caller: Principal, @ValidQuery(listPurchasesQuerySchema) query: ListPurchasesQuery) {
    // The policy admits only the pair here, so the caller names its connection.
    const connectionId = caller.kind === 'connection_token' ? caller.connectionId : '';
    return this.listPurchases.execute(caller.teamId, connectionId, query);
  }

  @Get(':purchase_id')
  @Access({ connectionToken: true, oauth: 'purchases:brand_products' })
  @Endpoint({
    summary: 'Get a purchase',
    description:
      'With `x-api-key` and a connection token: a purchase of that connection. With a partner OAuth token ' +
      "(`purchases:brand_products`, no API key): only the items matched to your brand's products; a purchase " +
      'without any is 404.',
    status: 200,
    response: purchaseDetailResponseSchema,
  })
  get(@Caller() caller: Principal, @ValidPath(purchasePathSchema) path: PurchasePath) {
    return this.getPurchase.execute(caller, path.purchase_id);
  }
}
