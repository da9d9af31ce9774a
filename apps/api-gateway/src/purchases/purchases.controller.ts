import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import { SyncClient } from '../clients/sync.client.js';
import { ApiEndpoint } from '../openapi/api-endpoint.decorator.js';
import { ListPurchasesQuery, PurchaseDetailResponse, PurchaseListResponse, PurchasePath } from './dto/purchase.dto.js';
import { GetPurchaseUseCase } from './get-purchase.use-case.js';

@Controller('purchases')
@ApiTags('Purchases')
export class PurchasesController {
  constructor(
    private readonly sync: SyncClient,
    private readonly getPurchase: GetPurchaseUseCase,
  ) {}

  @Get()
  @Access({ connectionToken: true })
  @ApiEndpoint({
    summary: "List a connection's purchases",
    description:
      'Needs `x-api-key` and `Authorization: Bearer <connection_token>` (scope `access`) of the same team. ' +
      'Newest first; purchases with the same date are ordered by `purchase_id`, so paging with ' +
      '`starting_after` never skips or repeats one.',
    status: 200,
    response: PurchaseListResponse,
  })
  async list(@Caller() caller: Principal, @Query() query: ListPurchasesQuery) {
    // The policy admits only the pair here, so the caller names its connection.
    const connectionId = caller.kind === 'connection_token' ? caller.connectionId : '';
    const { has_more, purchases } = await this.sync.listPurchases({ teamId: caller.teamId, connectionId, ...query });
    return { has_more, purchases };
  }

  @Get(':purchase_id')
  @Access({ connectionToken: true, oauth: 'purchases:brand_products' })
  @ApiEndpoint({
    summary: 'Get a purchase',
    description:
      'With `x-api-key` and a connection token: a purchase of that connection. With a partner OAuth token ' +
      "(`purchases:brand_products`, no API key): only the items matched to your brand's products; a purchase " +
      'without any is 404.',
    status: 200,
    response: PurchaseDetailResponse,
  })
  get(@Caller() caller: Principal, @Param() path: PurchasePath) {
    return this.getPurchase.execute(caller, path.purchase_id);
  }
}
