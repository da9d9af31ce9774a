import { Controller, Get, Param, Patch } from '@nestjs/common';
import { type ApiCaller } from '../auth/api-caller.js';
import { Caller, RequireApiKey } from '../auth/caller.decorator.js';
import { ValidBody, ValidQuery } from '../http/request-parts.decorator.js';
import { listRetailersQuerySchema, type ListRetailersQuery } from './dto/list-retailers.query.dto.js';
import { updateRetailerBodySchema, type UpdateRetailerBody } from './dto/update-retailer.body.dto.js';
import { ListRetailersUseCase } from './list-retailers.use-case.js';
import { UpdateRetailerUseCase } from './update-retailer.use-case.js';

@Controller('retailers')
@RequireApiKey()
export class RetailersController {
  constructor(
    private readonly listRetailers: ListRetailersUseCase,
    private readonly updateRetailer: UpdateRetailerUseCase,
  ) {}

  @Get()
  list(@Caller() caller: ApiCaller, @ValidQuery(listRetailersQuerySchema) query: ListRetailersQuery) {
    return this.listRetailers.execute(caller.teamId, query.include);
  }

  @Patch(':retailer_id')
  update(
    @Caller() caller: ApiCaller,
    @Param('retailer_id') retailerId: string,
    @ValidBody(updateRetailerBodySchema) body: UpdateRetailerBody,
  ) {
    return this.updateRetailer.execute(caller.teamId, retailerId, body);
  }
}
