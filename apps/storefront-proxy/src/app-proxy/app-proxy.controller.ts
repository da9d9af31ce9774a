import {
  applyDecorators,
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
  type Type,
} from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';
import { BodyValidationPipe } from '../http/body-validation.pipe.js';
import { AppProxyGuard } from './app-proxy.guard.js';
import { DisconnectConnectionUseCase } from './disconnect-connection.use-case.js';
import { FollowLinkUseCase } from './follow-link.use-case.js';
import { GetConfigurationUseCase } from './get-configuration.use-case.js';
import { GetVisibilityUseCase } from './get-visibility.use-case.js';
import { ListRetailersUseCase } from './list-retailers.use-case.js';
import { StartLinkUseCase } from './start-link.use-case.js';
import {
  ConfigurationResponse,
  DisconnectBody,
  DisconnectResponse,
  RetailersResponse,
  StartLinkBody,
  StartLinkResponse,
  VisibilityResponse,
} from './dto/app-proxy.dto.js';
import { CustomerOnly, Proxied, type CustomerRequest, type ProxiedRequest } from './proxied-request.js';

/** The last path segment of a retailer's `link_url`. */
const LINK_ID = /^[0-9A-Za-z]{10}$/;

const SIGNED_OUT =
  'Signed-out customers: a GET is redirected (302) to `/account/login?return_url=<this page>`, a POST is refused ' +
  'with 400 `{"detail": "customer not signed in"}`.';

/** A customer's GET: signed out, it is redirected to the storefront login. */
function CustomerRead(path: string, summary: string, answer: { type: Type }) {
  return applyDecorators(
    Get(path),
    CustomerOnly(),
    ApiOperation({ summary, description: SIGNED_OUT }),
    ApiResponse({ status: 200, type: answer.type }),
    ApiResponse({ status: 302, description: 'Signed out: to the storefront login' }),
    ApiResponse({ status: 404, description: 'Storefront configuration absent' }),
  );
}

/** A customer's POST with a JSON body, answered 200: signed out, it is refused with 400. */
function CustomerChange(
  path: string,
  operation: { summary: string; description?: string },
  answer: { type: Type; notFound: string },
) {
  const description = operation.description ? `${operation.description} ${SIGNED_OUT}` : SIGNED_OUT;
  return applyDecorators(
    Post(path),
    CustomerOnly(),
    HttpCode(HttpStatus.OK),
    ApiOperation({ summary: operation.summary, description }),
    ApiResponse({ status: 200, type: answer.type }),
    ApiResponse({ status: 400, description: 'Signed out' }),
    ApiResponse({ status: 404, description: answer.notFound }),
    ApiResponse({ status: 422, description: 'Invalid body (HTTPValidationError)' }),
  );
}

/**
 * `/apps/service/*`: what the storefront's pages call through the platform's app proxy. No API key: every request
 * is signed by the platform (AppProxyGuard) and names the signed-in customer.
 */
@Controller('apps/service')
@UseGuards(AppProxyGuard)
@ApiTags('Storefront app proxy')
@ApiQuery({ name: 'shop', required: true, description: "The shop's domain", example: 'acme.myshopify.com' })
@ApiQuery({ name: 'timestamp', required: true, description: 'Unix seconds of signing; older than 90 s is refused' })
@ApiQuery({ name: 'path_prefix', required: false, description: 'The storefront path the proxy is mounted at' })
@ApiQuery({ name: 'logged_in_customer_id', required: false, description: 'The signed-in customer; empty when none' })
@ApiQuery({
  name: 'signature',
  required: true,
  description:
    "Hex HMAC-SHA256, with the shop's app-proxy secret, of the other parameters as sorted `name=value` pairs joined " +
    'without a separator (repeated names: values joined with `,`). Missing, wrong or stale: 401. A POST or a ' +
    '`link/{linkId}` request is served once: the same request again is 401 too.',
})
@ApiResponse({ status: 401, description: 'Unsigned, wrongly signed, stale or replayed request (no detail)' })
export class AppProxyController {
  constructor(
    private readonly configuration: GetConfigurationUseCase,
    private readonly visibility: GetVisibilityUseCase,
    private readonly retailers: ListRetailersUseCase,
    private readonly startLink: StartLinkUseCase,
    private readonly disconnect: DisconnectConnectionUseCase,
    private readonly followLink: FollowLinkUseCase,
  ) {}

  @Get('configuration')
  @ApiOperation({ summary: 'Whether the shop is configured (it holds an API key)' })
  @ApiResponse({ status: 200, type: ConfigurationResponse })
  @ApiResponse({ status: 404, description: 'The shop has no API key' })
  getConfiguration(@Proxied() request: ProxiedRequest): Promise<ConfigurationResponse> {
    return this.configuration.execute(request);
  }

  @CustomerRead('visibility', 'Whether this customer sees the block, and which retailers are hidden from them', {
    type: VisibilityResponse,
  })
  getVisibility(@Proxied() request: CustomerRequest): Promise<VisibilityResponse> {
    return this.visibility.execute(request);
  }

  @CustomerRead('retailers', "The brand's retailers with this customer's connection status", {
    type: RetailersResponse,
  })
  listRetailers(@Proxied() request: CustomerRequest): Promise<RetailersResponse> {
    return this.retailers.execute(request);
  }

  @CustomerChange(
    'connections',
    {
      summary: 'A link flow URL for a retailer, with the connection bound',
      description: 'Links afresh (the connection is found or created) or, with `connectionId`, re-authenticates it.',
    },
    { type: StartLinkResponse, notFound: "Unknown retailer, another customer's connection, or configuration absent" },
  )
  @ApiResponse({ status: 409, description: 'The connection to re-authenticate is disconnected' })
  createLink(
    @Proxied() request: CustomerRequest,
    @Body(BodyValidationPipe) body: StartLinkBody,
  ): Promise<StartLinkResponse> {
    return this.startLink.execute(request, body);
  }

  @CustomerChange(
    'disconnect-connection',
    { summary: "Disconnects one of the customer's connections" },
    { type: DisconnectResponse, notFound: "Unknown connection, another customer's, or configuration absent" },
  )
  disconnectConnection(
    @Proxied() request: CustomerRequest,
    @Body(BodyValidationPipe) body: DisconnectBody,
  ): Promise<DisconnectResponse> {
    return this.disconnect.execute(request, body.connectionId);
  }

  @Get('link/:linkId')
  @CustomerOnly()
  @ApiOperation({
    summary: 'One-shot redirect into the link flow for a retailer',
    description:
      "Creates or finds the customer's connection to the retailer of `linkId` (the last path segment of its " +
      '`link_url`) and redirects into the hosted link flow, which returns to `redirect_url` (default: the shop ' +
      `homepage; a page of the shop). ${SIGNED_OUT}`,
  })
  @ApiQuery({ name: 'redirect_url', required: false, description: 'Where the flow returns; a page of the shop' })
  @ApiResponse({ status: 302, description: 'Into the link flow (or, signed out, to the storefront login)' })
  @ApiResponse({ status: 404, description: 'Unknown link, a retailer no longer enabled, or configuration absent' })
  @ApiResponse({ status: 422, description: 'redirect_url is not a page of the shop' })
  @ApiProduces('application/json')
  async link(
    @Proxied() request: CustomerRequest,
    @Param('linkId') linkId: string,
    @Query('redirect_url') redirectUrl: unknown,
    @Res() res: Response,
  ): Promise<void> {
    if (!LINK_ID.test(linkId)) throw new NotFoundException({ detail: 'link not found' });
    const redirect = Array.isArray(redirectUrl) ? redirectUrl[redirectUrl.length - 1] : redirectUrl;
    const url = await this.followLink.execute(request, linkId, typeof redirect === 'string' ? redirect : undefined);
    // No body: express' default one would repeat the URL, link token included.
    res.status(HttpStatus.FOUND).setHeader('Location', url).end();
  }
}
