import { checkWebhookUrl } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { type WebhookUrlPolicy } from '../settings.js';

/** The URL to store, or a 422 in the HTTPValidationError shape the gateway passes on. */
export function acceptWebhookUrl(url: string, policy: WebhookUrlPolicy): string {
  const check = checkWebhookUrl(url, { allowHttp: policy.allowHttp });
  if (check.ok) return check.url;
  throw new RpcRefusal(422, [{ loc: ['body', 'url'], msg: check.reason, type: 'value_error', input: url }]);
}
