import { parseGivenUrl, type UrlCheck } from '../given-url.js';

export interface DestinationSubscription {
  isActive: boolean;
  eventTypes: readonly string[];
  receiveSimulatedEvents: boolean;
}

export interface EventKind {
  type: string;
  isSimulated: boolean;
}

/** A destination gets an event when it is active, subscribed to its type, and (for simulated events) opted in. */
export function destinationAccepts(destination: DestinationSubscription, event: EventKind): boolean {
  return (
    destination.isActive &&
    destination.eventTypes.includes(event.type) &&
    (!event.isSimulated || destination.receiveSimulatedEvents)
  );
}

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type WebhookUrlCheck = UrlCheck;

/** An absolute https URL (http too when allowed, for development); returns it trimmed, otherwise as given. */
export function checkWebhookUrl(raw: string, options: { allowHttp: boolean }): WebhookUrlCheck {
  const given = parseGivenUrl(raw, { label: 'URL', maxLength: MAX_WEBHOOK_URL_LENGTH, empty: 'is required' });
  if (!given.ok) return given;
  const { text, url } = given;
  const schemes = options.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    return {
      ok: false,
      reason: options.allowHttp ? 'URL must use https or http' : 'URL must use https',
    };
  }
  if (url.hostname === '') return { ok: false, reason: 'URL must name a host' };
  return { ok: true, url: text };
}
