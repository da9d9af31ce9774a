import { checkWebhookUrl } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { type OutboundGuard } from '@cps/platform';
import { type WebhookUrlPolicy } from '../settings.js';

/** How long creation waits for DNS: a slow resolver must not outlast the caller's request timeout. */
const LOOKUP_TIMEOUT_MS = 2_000;

/**
 * The URL to store, or a 422 in the HTTPValidationError shape the gateway passes on: the scheme and shape per the
 * policy, and a host that is not (and does not resolve to) a private or internal address unless allowlisted.
 * A name that does not resolve yet is accepted: every delivery checks the destination again.
 */
export async function acceptWebhookUrl(
  url: string,
  policy: WebhookUrlPolicy,
  outbound: OutboundGuard,
): Promise<string> {
  const check = checkWebhookUrl(url, { allowHttp: policy.allowHttp });
  if (!check.ok) throw invalidUrl(url, check.reason);
  const verdict = await outbound
    .vet(new URL(check.url).hostname, AbortSignal.timeout(LOOKUP_TIMEOUT_MS))
    .catch(() => null);
  if (verdict && !verdict.allowed && verdict.reason === 'forbidden') {
    throw invalidUrl(
      url,
      `URL must not point to a private or internal address (${verdict.category}); private/internal addresses are not allowed`,
    );
  }
  return check.url;
}

function invalidUrl(url: string, msg: string): RpcRefusal {
  return new RpcRefusal(422, [{ loc: ['body', 'url'], msg, type: 'value_error', input: url }]);
}
