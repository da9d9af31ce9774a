import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import { ApiEndpoint } from '../openapi/api-endpoint.decorator.js';
import { ListRetailersQuery } from './dto/list-retailers.query.dto.js';
import { RetailerPath } from './dto/retailer-path.dto.js';
import { RetailerListResponse, RetailerResponse } from './dto/retailer.response.dto.js';
import { UpdateRetailerBody } from './dto/update-retailer.body.dto.js';
import { ListRetailersUseCase } from './list-retailers.use-case.js';
import { UpdateRetailerUseCase } from './update-retailer.use-case.js';

@Controller('retailers')
@ApiTags('Retailers')
export class RetailersController {
  constructor(
    private readonly listRetailers: ListRetailersUseCase,
    private readonly updateRetailer: UpdateRetailerUseCase,
  ) {}

  @Get()
  @Access({ apiKey: true, oauth: 'retailers:read' })
  @ApiEndpoint({
    summary: 'List retailers',
    description:
      "Each row's `enabled` and `link_url` reflect only your team's configuration. Accepts an API key, or an " +
      'OAuth access token with `retailers:read` and no API key.',
    status: 200,
    response: RetailerListResponse,
  })
  list(@Caller() caller: Principal, @Query() query: ListRetailersQuery) {
    return this.listRetailers.execute(caller.teamId, query.include);
  }

  @Patch(':retailer_id')
  @Access({ apiKey: true, oauth: 'retailers:write' })
  @ApiEndpoint({
    summary: 'Configure a retailer',
    description:
      'Every field optional; omitted fields stay unchanged. Idempotent. `link_visibility` and `link_audience` ' +
      'need the retailer enabled (already, or through `enabled: true` in the same request); `restricted` needs ' +
      'at least one email or domain, counting the stored lists; link settings with `enabled: false` are ' +
      'rejected. Disabling removes the configuration; a later enable issues a new `link_url` and resets ' +
      '`link_visibility` to `everyone`.',
    status: 200,
    response: RetailerResponse,
  })
  update(@Caller() caller: Principal, @Param() path: RetailerPath, @Body() body: UpdateRetailerBody) {
    return this.updateRetailer.execute(caller.teamId, path.retailer_id, body);
  }
}
