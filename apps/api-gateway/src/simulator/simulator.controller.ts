import { Body, Controller, Delete, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, Caller } from '../auth/access-policy.js';
import { actorOf, connectionChange, type Principal } from '../auth/principal.js';
import { SyncClient } from '../clients/sync.client.js';
import { ConnectionPath, ConnectionResponse } from '../connections/dto/connection.dto.js';
import { toPublicConnection, type PublicConnection } from '../connections/public-connection.js';
import { ApiEndpoint } from '../openapi/api-endpoint.decorator.js';
import { PurchaseDetailResponse } from '../purchases/dto/purchase.dto.js';
import { CreateSimulatedConnectionBody, UpdateSimulatedConnectionBody } from './dto/simulated-connection.dto.js';

/** The simulator lives in sync-service; the activity log names the API key (or OAuth client) that asked. */
@Controller('simulated-connections')
@ApiTags('Simulator')
export class SimulatorController {
  constructor(private readonly sync: SyncClient) {}

  @Post()
  @Access({ apiKey: true, oauth: 'simulator:write' })
  @ApiEndpoint({
    summary: 'Create a simulated connection',
    description:
      'An active test connection (emits `connection.activated`); with `include_purchases` (default true) it ' +
      'gets 1-4 back-dated purchases, its first-link history, each emitting `purchase.created`. Simulated data is ' +
      'purged after 30 days.',
    status: 201,
    response: ConnectionResponse,
  })
  async create(@Caller() caller: Principal, @Body() body: CreateSimulatedConnectionBody): Promise<PublicConnection> {
    const connection = await this.sync.createSimulatedConnection({
      teamId: caller.teamId,
      actor: actorOf(caller),
      ...body,
    });
    return toPublicConnection(connection);
  }

  @Post(':connection_id/purchases')
  @Access({ apiKey: true, oauth: 'simulator:write' })
  @ApiEndpoint({
    summary: 'Create a simulated purchase',
    description: 'Emits `purchase.created`. Real or unknown connection ids are 404.',
    status: 201,
    response: PurchaseDetailResponse,
  })
  createPurchaseFor(@Caller() caller: Principal, @Param() path: ConnectionPath) {
    return this.sync.createSimulatedPurchase({ teamId: caller.teamId, connectionId: path.connection_id });
  }

  @Patch(':connection_id')
  @Access({ apiKey: true, oauth: 'simulator:write' })
  @ApiEndpoint({
    summary: 'Change the status of a simulated connection',
    description:
      '`active` -> `unauthenticated` emits `connection.unauthenticated`; `unauthenticated` -> `active` emits ' +
      '`connection.activated` with `first_activation: false`. Both are flagged `is_simulated`. The current ' +
      'status again changes nothing. Other statuses are 422; a disconnected connection is 409; real or ' +
      'unknown ids are 404.',
    status: 200,
    response: ConnectionResponse,
    errors: [409],
  })
  async update(
    @Caller() caller: Principal,
    @Param() path: ConnectionPath,
    @Body() body: UpdateSimulatedConnectionBody,
  ): Promise<PublicConnection> {
    const connection = await this.sync.updateSimulatedConnection({
      ...connectionChange(caller, path.connection_id),
      status: body.status,
    });
    return toPublicConnection(connection);
  }

  @Delete(':connection_id')
  @Access({ apiKey: true, oauth: 'simulator:write' })
  @ApiEndpoint({
    summary: 'Delete a simulated connection',
    description: 'The connection and its purchases are no longer readable. Real or unknown ids are 404.',
    status: 204,
    response: null,
  })
  async remove(@Caller() caller: Principal, @Param() path: ConnectionPath): Promise<void> {
    await this.sync.deleteSimulatedConnection(connectionChange(caller, path.connection_id));
  }
}
