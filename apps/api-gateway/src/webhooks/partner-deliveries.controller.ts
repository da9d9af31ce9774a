import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import { EventsClient } from '../clients/events.client.js';
import { ApiEndpoint } from '../openapi/api-endpoint.decorator.js';
import { ListPartnerDeliveriesQuery, PartnerDeliveryListResponse } from './dto/partner-delivery.dto.js';

/** Deliveries to the partner apps a team installed (ADR 0008): the brand sees all of them, a partner its own. */
@Controller('partner-deliveries')
@ApiTags('Webhooks')
export class PartnerDeliveriesController {
  constructor(private readonly events: EventsClient) {}

  @Get()
  @Access({ apiKey: true, oauth: 'connections:read' })
  @ApiEndpoint({
    summary: 'List partner-app deliveries',
    description:
      "Newest first. With an API key: every delivery to the partner apps the team installed (`client_id` narrows it to one). With a partner app's OAuth access token: that app's deliveries for the team only.",
    status: 200,
    response: PartnerDeliveryListResponse,
  })
  list(@Caller() caller: Principal, @Query() query: ListPartnerDeliveriesQuery) {
    const { client_id: clientId, ...page } = query;
    if (caller.kind === 'oauth' && clientId !== undefined && clientId !== caller.clientId) {
      return { deliveries: [], has_more: false }; // another app's deliveries are not this partner's to see
    }
    const ownClient = caller.kind === 'oauth' ? caller.clientId : clientId;
    return this.events.listPartnerDeliveries({
      teamId: caller.teamId,
      ...page,
      ...(ownClient !== undefined ? { clientId: ownClient } : {}),
    });
  }
}
