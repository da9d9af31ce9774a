import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { type AttemptResult } from '@cps/domain';
import { OutboundGuard, OutboundHttpClient, OutboundRefusedError } from '@cps/platform';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** Sends one webhook request; never throws, an error before a status becomes `{ error }`. */
export abstract class WebhookTransport {
  abstract send(request: WebhookRequest, timeoutMs: number): Promise<AttemptResult>;
}

const USER_AGENT = 'ConnectedPurchases-Webhooks/1.0';

/**
 * Standard Webhooks headers: the same `webhook-id` on every attempt, a fresh timestamp and an HMAC-SHA256
 * signature (`v1,<base64>`) over `id.timestamp.body` with each of the destination's `whsec_` secrets, the current
 * one first, separated by spaces (a partner app's rotated-out secret signs too until its overlap ends).
 */
export function signedWebhookHeaders(
  secrets: readonly string[],
  webhookId: string,
  body: string,
  at: Date,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(webhookId, at, body)).join(' '),
  };
}

const MAX_ERROR_LENGTH = 300;

/**
 * POST through the outbound guard: a private, loopback, link-local or metadata destination (unless allowlisted) is
 * a failed attempt retried on the usual schedule; the connection goes only to the address that was checked.
 * Redirects are not followed (a 3xx is a failed attempt), the whole call is time-boxed, connections are kept alive.
 */
@Injectable()
export class GuardedWebhookTransport extends WebhookTransport implements OnApplicationShutdown {
  private readonly http: OutboundHttpClient;

  constructor(guard: OutboundGuard) {
    super();
    this.http = new OutboundHttpClient(guard);
  }

  async send(request: WebhookRequest, timeoutMs: number): Promise<AttemptResult> {
    try {
      const response = await this.http.request(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const responseBody = await response.bodyPrefix;
      return { statusCode: response.status, responseBody };
    } catch (error) {
      return { error: describeError(error, timeoutMs) };
    }
  }

  onApplicationShutdown(): void {
    this.http.close();
  }
}

/** A short reason without the URL (it may carry a receiver's token). */
function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof OutboundRefusedError) return error.message;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return `no response within ${timeoutMs} ms`;
  }
  const reason = error instanceof Error ? error.message || (error as { code?: string }).code : String(error);
  return `request failed: ${reason}`.slice(0, MAX_ERROR_LENGTH);
}
