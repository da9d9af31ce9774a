import { Controller, Delete, Get, Post } from '@nestjs/common';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import { ValidBody, ValidHeaders, ValidPath, ValidQuery } from '../http/request-parts.decorator.js';
import { ApiTag, Endpoint } from '../openapi/endpoint.decorator.js';
import { CreateLinkTokenUseCase } from './create-link-token.use-case.js';
import {
  createLinkTokenBodySchema,
  createLinkTokenHeadersSchema,
  linkTokenListResponseSchema,
  linkTokenPathSchema,
  linkTokenResponseSchema,
  listLinkTokensQuerySchema,
  type CreateLinkTokenBody,
  type CreateLinkTokenHeaders,
  type LinkTokenPath,
  type ListLinkTokensQuery,
} from './dto/link-token.dto.js';
import { ListLinkTokensUseCase } from './list-link-tokens.use-case.js';
import { RevokeLinkTokenUseCase } from './revoke-link-token.use-case.js';

const BACKEND_ONLY = 'Call it from a backend only: the token is a bearer secret.';

@Controller('link-tokens')
@ApiTag('Link tokens')
export class LinkTokensController {
  constructor(
    private readonly createLinkToken: CreateLinkTokenUseCase,
    private readonly listLinkTokens: ListLinkTokensUseCase,
    private readonly revokeLinkToken: RevokeLinkTokenUseCase,
  ) {}

  @Post()
  @Access({ apiKey: true, oauth: 'connections:write' })
  @Endpoint({
    summary: 'Create a link token',
    description: `A durable token scoped to one customer, for the link flow. ${BACKEND_ONLY}`,
    status: 201,
    response: linkTokenResponseSchema,
  })
  create(
    @Caller() caller: Principal,
    @ValidHeaders(createLinkTokenHeadersSchema) headers: CreateLinkTokenHeaders,
    @ValidBody(createLinkTokenBodySchema) body: CreateLinkTokenBody,
  ) {
    return this.createLinkToken.execute(caller.teamId, body, headers['x-service-idempotency-key']);
  }

  @Get()
  @Access({ apiKey: true, oauth: 'connections:read' })
  @Endpoint({
    summary: "List a customer's link tokens",
    description: 'Metadata only: no raw tokens, no contact fields, no pagination.',
    status: 200,
    response: linkTokenListResponseSchema,
  })
  list(@Caller() caller: Principal, @ValidQuery(listLinkTokensQuerySchema) query: ListLinkTokensQuery) {
    return this.listLinkTokens.execute(caller.teamId, query);
  }

  @Delete(':link_token')
  @Access({ apiKey: true, oauth: 'connections:write' })
  @Endpoint({
    summary: 'Revoke a link token',
    description:
      'Succeeds for an active, expired or already revoked token of yours; existing connections stay ' +
      'connected and issued connection tokens stay valid.',
    status: 204,
    response: null,
  })
  async revoke(@Caller() caller: Principal, @ValidPath(linkTokenPathSchema) path: LinkTokenPath): Promise<void> {
    await this.revokeLinkToken.execute(caller.teamId, path.link_token);
  }
}
