import { Controller, Delete, Patch, Post } from '@nestjs/common';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import {
  connectionPathSchema,
  connectionResponseSchema,
  type ConnectionPath,
} from '../connections/dto/connection.dto.js';
import { ValidBody, ValidPath } from '../http/request-parts.decorator.js';
import { ApiTag, Endpoint } from '../openapi/endpoint.decorator.js';
import { purchaseDetailResponseSchema } from '../purchases/dto/purchase.dto.js';
import { CreateSimulatedConnectionUseCase } from './create-simulated-connection.use-case.js';
import { CreateSimulatedPurchaseUseCase } from './create-simulated-purchase.use-case.js';
import { DeleteSimulatedConnectionUseCase } from './delete-simulated-connection.use-case.js';
import {
  createSimulatedConnectionBodySchema,
  type CreateSimulatedConnectionBody,
} from './dto/create-simulated-connection.body.dto.js';
import {
  updateSimulatedConnectionBodySchema,
  type UpdateSimulatedConnectionBody,
} from './dto/update-simulated-connection.body.dto.js';
import { UpdateSimulatedConnectionUseCase } from './update-simulated-connection.use-case.js';

@Controller('simulated-connections')
@ApiTag('Simulator')
export class SimulatorController {
  constructor(
    private readonly createConnection: CreateSimulatedConnectionUseCase,
    private readonly createPurchase: CreateSimulatedPurchaseUseCase,
    private readonly updateConnection: UpdateSimulatedConnectionUseCase,
    private readonly deleteConnection: DeleteSimulatedConnectionUseCase,
  ) {}

  @Post()
  @Access({ apiKey: true, oauth: 'simulator:write' })
  @Endpoint({
    summary: 'Create a simulated connection',
    description:
      'An active test connection (emits `connection.activated`); with `include_purchases` (default true) it ' +
      'gets 1-4 back-dated purchases that emit no events. Simulated data is purged after 30 days.',
    status: 201,
    response: connectionResponseSchema,
  })
  create(
    @Caller() caller: Principal,
    @ValidBody(createSimulatedConnectionBodySchema) body: CreateSimulatedConnectionBody,
  ) {
    return this.createConnection.execute(caller, body);
  }

  @Post(':connection_id/purchases')
  @Access({ apiKey: true, oauth: 'simulator:write' })
  @Endpoint({
    summary: 'Create a simulated purchase',
    description: 'Emits `purchase.created`. Real or unknown connection ids are 404.',
    status: 201,
    response: purchaseDetailResponseSchema,
  })
  createPurchaseFor(@Caller() caller: Principal, @ValidPath(connectionPathSchema) path: ConnectionPath) {
    return this.createPurchase.execute(caller.teamId, path.connection_id);
  }

  @Patch(':connection_id')
  @Access({ apiKey: true, oauth: 'simulator:write' })
  @Endpoint({
    summary: 'Change the status of a simulated connection',
    description:
      '`active` -> `unauthenticated` emits `connection.unauthenticated`; `unauthenticated` -> `active` emits ' +
      '`connection.activated` with `first_activation: false`. Both are flagged `is_simulated`. The current ' +
      'status again changes nothing. Other statuses are 422; a disconnected connection is 409; real or ' +
      'unknown ids are 404.',
    status: 200,
    response: connectionResponseSchema,
    errors: [409],
  })
  update(
    @Caller() caller: Principal,
    @ValidPath(connectionPathSchema) path: ConnectionPath,
    @ValidBody(updateSimulatedConnectionBodySchema) body: UpdateSimulatedConnectionBody,
  ) {
    return this.updateConnection.execute(caller, path.connection_id, body);
  }

  @Delete(':connection_id')
  @Access({ apiKey: true, oauth: 'simulator:write' })
  @Endpoint({
    summary: 'Delete a simulated connection',
    description: 'The connection and its purchases are no longer readable. Real or unknown ids are 404.',
    status: 204,
    response: null,
  })
  async remove(@Caller() caller: Principal, @ValidPath(connectionPathSchema) path: ConnectionPath): Promise<void> {
    await this.deleteConnection.execute(caller, path.connection_id);
  }
}
