import { Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { type AttemptResult } from '@cps/domain';

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
 * signature (`v1,<base64>`) over `id.timestamp.body` with the destination's `whsec_` secret.
 */
export function signedWebhookHeaders(
  secret: string,
  webhookId: string,
  body: string,
  at: Date,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(webhookId, at, body),
  };
}

const MAX_ERROR_LENGTH = 300;

/** POST with fetch: redirects are not followed (a 3xx is a failed attempt), the whole call is time-boxed. */
@Injectable()
export class FetchWebhookTransport extends WebhookTransport {
  async send(request: WebhookRequest, timeoutMs: number): Promise<AttemptResult> {
    try {
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The response body is not used; release the connection without reading it.
      await response.body?.cancel().catch(() => undefined);
      return { statusCode: response.status };
    } catch (error) {
      return { error: describeError(error, timeoutMs) };
    }
  }
}

/** A short reason without the URL (it may carry a receiver's token). */
function describeError(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return `no response within ${timeoutMs} ms`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const reason = cause?.message || cause?.code || (error instanceof Error ? error.message : String(error));
  return `request failed: ${reason}`.slice(0, MAX_ERROR_LENGTH);
}
