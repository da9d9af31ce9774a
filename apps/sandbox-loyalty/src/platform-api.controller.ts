import { Body, Controller, Headers, HttpException, Param, Post, Res } from '@nestjs/common';
import { type Response } from 'express';
import { ReceivedCalls, type LoyaltyApi } from './received-calls.js';

type Json = Record<string, unknown>;

function refuse(status: number, detail: string): never {
  throw new HttpException({ error: status === 401 ? 'unauthorized' : 'bad_request', detail }, status);
}

function object(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

/** The one identifier value of a customer/profile object (`email`, `external_id`, `phone`, `phone_number`). */
function identifierOf(value: unknown): string | null {
  const fields = object(value);
  if (!fields) return null;
  const found = ['email', 'external_id', 'phone', 'phone_number']
    .map((name) => fields[name])
    .filter((v): v is string => typeof v === 'string' && v.length > 0);
  return found.length === 1 ? found[0]! : null;
}

/**
 * The platforms the sandbox plays: a points-award API in the style of Smile.io / Yotpo, a track-event API in the
 * style of Klaviyo, and a Standard Webhooks receiver. Each call is applied once per idempotency key: a repeat
 * answers as the first did and only counts as a delivery.
 */
@Controller()
export class PlatformApiController {
  constructor(private readonly calls: ReceivedCalls) {}

  @Post('v1/points_transactions')
  async pointsTransaction(
    @Headers('authorization') authorization: string | undefined,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: unknown,
    @Res() res: Response,
  ): Promise<void> {
    if (!/^Bearer\s+\S+$/i.test(authorization ?? '')) refuse(401, 'missing API key');
    if (!key) refuse(400, 'Idempotency-Key header required');
    const transaction = object(object(body)?.points_transaction);
    const customer = identifierOf(transaction?.customer);
    const points = transaction?.points_change;
    if (!customer || typeof points !== 'number' || !Number.isInteger(points)) {
      refuse(422, 'points_transaction needs customer (one identifier) and an integer points_change');
    }
    if (this.failed('points_api', res)) return;
    const created = await this.calls.apply({
      api: 'points_api',
      idempotencyKey: key,
      customer,
      points,
      eventName: null,
      body,
    });
    res.status(created ? 201 : 200).json({ points_transaction: { id: key, customer, points_change: points } });
  }

  @Post('api/events')
  async trackEvent(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res() res: Response,
  ): Promise<void> {
    if (!/^Klaviyo-API-Key\s+\S+$/.test(authorization ?? '')) refuse(401, 'missing Klaviyo-API-Key');
    const attributes = object(object(object(body)?.data)?.attributes);
    const uniqueId = attributes?.unique_id;
    const metric = object(object(object(attributes?.metric)?.data)?.attributes)?.name;
    const customer = identifierOf(object(object(attributes?.profile)?.data)?.attributes);
    if (typeof uniqueId !== 'string' || typeof metric !== 'string' || !customer) {
      refuse(400, 'data.attributes needs metric, profile and unique_id');
    }
    if (this.failed('track_event', res)) return;
    const points = object(attributes?.properties)?.points;
    await this.calls.apply({
      api: 'track_event',
      idempotencyKey: uniqueId,
      customer,
      points: typeof points === 'number' ? points : null,
      eventName: metric,
      body,
    });
    res.status(202).end();
  }

  @Post('hooks/:name')
  async webhook(
    @Param('name') _name: string,
    @Headers('webhook-id') id: string | undefined,
    @Body() body: unknown,
    @Res() res: Response,
  ): Promise<void> {
    if (!id) refuse(400, 'webhook-id header required');
    if (this.failed('webhook', res)) return;
    const data = object(object(body)?.data);
    const points = data?.points;
    await this.calls.apply({
      api: 'webhook',
      idempotencyKey: id,
      customer: typeof object(data?.customer)?.value === 'string' ? (object(data?.customer)!.value as string) : null,
      points: typeof points === 'number' ? points : null,
      eventName: typeof object(body)?.type === 'string' ? (object(body)!.type as string) : null,
      body,
    });
    res.status(204).end();
  }

  /** Answers an injected failure instead, when one is pending. */
  private failed(api: LoyaltyApi, res: Response): boolean {
    const status = this.calls.takeFailure(api);
    if (status === null) return false;
    res.status(status).json({ error: 'injected_failure', detail: `sandbox failure injected for ${api}` });
    return true;
  }
}
