import { Controller, Param, Post } from '@nestjs/common';
import { type ApiCaller } from '../auth/api-caller.js';
import { Caller, RequireApiKey } from '../auth/caller.decorator.js';
import { ValidBody } from '../http/request-parts.decorator.js';
import { CreateSimulatedConnectionUseCase } from './create-simulated-connection.use-case.js';
import { CreateSimulatedPurchaseUseCase } from './create-simulated-purchase.use-case.js';
import {
  createSimulatedConnectionBodySchema,
  type CreateSimulatedConnectionBody,
} from './dto/create-simulated-connection.body.dto.js';

@Controller('simulated-connections')
@RequireApiKey()
export class SimulatorController {
  constructor(
    private readonly createConnection: CreateSimulatedConnectionUseCase,
    private readonly createPurchase: CreateSimulatedPurchaseUseCase,
  ) {}

  @Post()
  create(
    @Caller() caller: ApiCaller,
    @ValidBody(createSimulatedConnectionBodySchema) body: CreateSimulatedConnectionBody,
  ) {
    return this.createConnection.execute(caller, body);
  }

  @Post(':connection_id/purchases')
  createPurchaseFor(@Caller() caller: ApiCaller, @Param('connection_id') connectionId: string) {
    return this.createPurchase.execute(caller.teamId, connectionId);
  }
}
