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

export type WebhookUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/** An absolute https URL (http too when allowed, for development); returns it trimmed, otherwise as given. */
export function checkWebhookUrl(raw: string, options: { allowHttp: boolean }): WebhookUrlCheck {
  const text = raw.trim();
  if (text.length === 0) return { ok: false, reason: 'URL is required' };
  if (text.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, reason: `URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'URL must be an absolute http(s) URL' };
  }
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
