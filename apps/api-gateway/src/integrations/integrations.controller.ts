import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import { EventsClient } from '../clients/events.client.js';
import { ApiEndpoint } from '../openapi/api-endpoint.decorator.js';
import {
  CreatedIntegrationResponse,
  CreateIntegrationBody,
  IntegrationAwardListResponse,
  IntegrationListResponse,
  IntegrationPath,
  IntegrationResponse,
  ListAwardsQuery,
  UpdateIntegrationBody,
} from './dto/integration.dto.js';

/** Loyalty and marketing integrations and their ledger: events-service keeps them (ADR 0014). */
@Controller('integrations')
@ApiTags('Integrations')
@Access({ apiKey: true })
export class IntegrationsController {
  constructor(private readonly events: EventsClient) {}

  @Post()
  @ApiEndpoint({
    summary: 'Create a loyalty or marketing integration',
    description:
      "From now on `account.linked` (a connection's first activation) and `purchase.created` are turned into awards " +
      'sent to the platform. For the `webhook` adapter the response carries the signing secret, shown only here.',
    status: 201,
    response: CreatedIntegrationResponse,
  })
  create(@Caller() caller: Principal, @Body() body: CreateIntegrationBody) {
    return this.events.createIntegration({ teamId: caller.teamId, ...body });
  }

  @Get()
  @ApiEndpoint({ summary: 'List integrations', status: 200, response: IntegrationListResponse })
  list(@Caller() caller: Principal) {
    return this.events.listIntegrations({ teamId: caller.teamId });
  }

  @Get(':integration_id')
  @ApiEndpoint({ summary: 'Get an integration', status: 200, response: IntegrationResponse })
  get(@Caller() caller: Principal, @Param() path: IntegrationPath) {
    return this.events.getIntegration({ teamId: caller.teamId, integrationId: path.integration_id });
  }

  @Patch(':integration_id')
  @ApiEndpoint({
    summary: 'Update an integration',
    description: 'Changes only the fields sent; `kind` and `adapter` stay. New settings apply to events from now on.',
    status: 200,
    response: IntegrationResponse,
  })
  update(@Caller() caller: Principal, @Param() path: IntegrationPath, @Body() body: UpdateIntegrationBody) {
    return this.events.updateIntegration({ teamId: caller.teamId, integrationId: path.integration_id, ...body });
  }

  @Delete(':integration_id')
  @ApiEndpoint({
    summary: 'Delete an integration',
    description: 'Deletes it with its ledger; nothing more is sent.',
    status: 204,
    response: null,
  })
  async remove(@Caller() caller: Principal, @Param() path: IntegrationPath): Promise<void> {
    await this.events.deleteIntegration({ teamId: caller.teamId, integrationId: path.integration_id });
  }

  @Get(':integration_id/awards')
  @ApiEndpoint({
    summary: 'List the awards of an integration',
    description:
      'The ledger, newest first: one entry per connection (`account.linked`) or purchase (`purchase.created`), never ' +
      'two, with its delivery state; failed calls are retried with backoff (`attempts`, `last_error`, `next_attempt_at`).',
    status: 200,
    response: IntegrationAwardListResponse,
  })
  awards(@Caller() caller: Principal, @Param() path: IntegrationPath, @Query() query: ListAwardsQuery) {
    return this.events.listIntegrationAwards({ teamId: caller.teamId, integrationId: path.integration_id, ...query });
  }
}
