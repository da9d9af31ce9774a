import { Body, Controller, Inject, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { Webhook } from 'standardwebhooks';
import { SignedAccess } from '../auth/access-policy.js';
import { SyncClient } from '../clients/sync.client.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';
import { HttpExceptionWithHeaders } from '../http/error-response.js';
import { ApiEndpoint } from '../openapi/api-endpoint.decorator.js';
import { RateLimitGate } from '../rate-limit/rate-limit.gate.js';
import { RetailerNotificationBody } from './dto/retailer-notification.body.dto.js';
import { RetailerPath } from './dto/retailer-path.dto.js';

/**
 * Sync-now (issue 13): a retailer that can push tells the platform an account has new orders, signed like the
 * platform's own webhooks (Standard Webhooks, RETAILER_PUSH_SECRET), and the account's connections are polled now
 * instead of at their next regular poll. The orders themselves are still fetched by the poll, so a forged or
 * replayed push can at most cause an early poll; the signature and its 5-minute window keep even that out.
 */
@Controller('retailer-notifications')
@ApiTags('Retailers')
export class RetailerNotificationsController {
  private readonly webhook: Webhook | null;

  constructor(
    private readonly sync: SyncClient,
    private readonly rateLimit: RateLimitGate,
    @Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'RETAILER_PUSH_SECRET'>,
  ) {
    this.webhook = config.RETAILER_PUSH_SECRET ? new Webhook(config.RETAILER_PUSH_SECRET) : null;
  }

  @Post(':retailer_id')
  @SignedAccess()
  @ApiEndpoint({
    summary: 'Push "new orders" for an account (retailers)',
    description:
      'For retailers, not brands: signed with Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, ' +
      "`webhook-signature`) over the raw body with the secret agreed with the platform. The account's active " +
      'connections are collected now rather than at their next poll. 404 when the platform takes no pushes. ' +
      'Limited per retailer (`RETAILER_PUSH_RATE_LIMIT_PER_MINUTE`), not per address; bad signatures spend the ' +
      "address's budget.",
    status: 204,
    response: null,
    errors: [404, 503],
  })
  @ApiResponse({ status: 401, description: 'Missing, invalid or expired signature' })
  async notify(
    @Param() path: RetailerPath,
    @Body() body: RetailerNotificationBody,
    @Req() request: Request & { rawBody?: Buffer },
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    if (!this.webhook) throw new NotFoundException({ detail: 'this platform takes no retailer notifications' });
    try {
      this.webhook.verify(request.rawBody?.toString('utf8') ?? '', {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      });
    } catch {
      this.rateLimit.countFailure({}, request.ip ?? 'unknown', response);
      throw new HttpExceptionWithHeaders({ detail: 'missing, invalid or expired webhook signature' }, 401, {
        'WWW-Authenticate': 'Webhook-Signature realm="retailer-notifications"',
      });
    }
    this.rateLimit.admitSigner(`retailer:${path.retailer_id}`, response);
    await this.sync.retailerOrdersAvailable({ retailerId: path.retailer_id, accountRef: body.account_ref });
  }
}
