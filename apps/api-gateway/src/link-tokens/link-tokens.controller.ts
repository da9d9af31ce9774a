import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import { SyncClient } from '../clients/sync.client.js';
import { ValidHeaders } from '../http/validation.pipe.js';
import { ApiEndpoint } from '../openapi/api-endpoint.decorator.js';
import {
  CreateLinkTokenBody,
  CreateLinkTokenHeaders,
  LinkTokenListResponse,
  LinkTokenPath,
  LinkTokenResponse,
  ListLinkTokensQuery,
} from './dto/link-token.dto.js';
import { RevokeLinkTokenUseCase } from './revoke-link-token.use-case.js';

const BACKEND_ONLY = 'Call it from a backend only: the token is a bearer secret.';

@Controller('link-tokens')
@ApiTags('Link tokens')
export class LinkTokensController {
  constructor(
    private readonly sync: SyncClient,
    private readonly revokeLinkToken: RevokeLinkTokenUseCase,
  ) {}

  @Post()
  @Access({ apiKey: true, oauth: 'connections:write' })
  @ApiHeader({
    name: 'x-service-idempotency-key',
    required: false,
    description:
      'Retrying an identical request with the same key returns the same token; without it every request ' +
      'creates a new token',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  })
  @ApiEndpoint({
    summary: 'Create a link token',
    description: `A durable token scoped to one customer, for the link flow. ${BACKEND_ONLY}`,
    status: 201,
    response: LinkTokenResponse,
  })
  create(
    @Caller() caller: Principal,
    @ValidHeaders() headers: CreateLinkTokenHeaders,
    @Body() body: CreateLinkTokenBody,
  ) {
    // sync-service stores the token hashed and replays an identical request under the same idempotency key.
    const idempotencyKey = headers['x-service-idempotency-key'];
    return this.sync.createLinkToken({ teamId: caller.teamId, ...body, ...(idempotencyKey ? { idempotencyKey } : {}) });
  }

  @Get()
  @Access({ apiKey: true, oauth: 'connections:read' })
  @ApiEndpoint({
    summary: "List a customer's link tokens",
    description: 'Metadata only: no raw tokens, no contact fields, no pagination.',
    status: 200,
    response: LinkTokenListResponse,
  })
  list(@Caller() caller: Principal, @Query() query: ListLinkTokensQuery) {
    return this.sync.listLinkTokens({ teamId: caller.teamId, ...query });
  }

  @Delete(':link_token')
  @Access({ apiKey: true, oauth: 'connections:write' })
  @ApiEndpoint({
    summary: 'Revoke a link token',
    description:
      'Succeeds for an active, expired or already revoked token of yours; existing connections stay ' +
      'connected and issued connection tokens stay valid.',
    status: 204,
    response: null,
  })
  async revoke(@Caller() caller: Principal, @Param() path: LinkTokenPath): Promise<void> {
    await this.revokeLinkToken.execute(caller.teamId, path.link_token);
  }
}
