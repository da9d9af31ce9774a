import { type AuthContracts } from '@cps/contracts';

/** What one `auth.installation.*` event says about an installation, at the time it happened. */
export interface InstallationChange {
  /** The envelope id (a ULID): breaks ties between events of the same instant. */
  eventId: string;
  occurredAt: Date;
  installationId: string;
  clientId: string;
  /** The dashboard team that authorized: `service_client_id` in partner deliveries. */
  teamId: string;
  status: AuthContracts.InstallationStatus;
  /** Where the app's webhooks go; null when it has none (then it gets no deliveries). */
  webhookUrl: string | null;
}

/** Which event a stored target reflects. */
export interface TargetVersion {
  lastEventAt: Date;
  lastEventId: string;
}

/**
 * True when `change` happened after the event the target reflects. Events can arrive out of order (each
 * kind has its own consumer, and a failed one is redelivered later), so only a later one may overwrite:
 * by occurredAt, then by envelope id for events of the same millisecond.
 */
export function isNewerThan(
  change: Pick<InstallationChange, 'occurredAt' | 'eventId'>,
  current: TargetVersion,
): boolean {
  const delta = change.occurredAt.getTime() - current.lastEventAt.getTime();
  if (delta !== 0) return delta > 0;
  return change.eventId > current.lastEventId;
}

/** Partner deliveries go to an installation only while it is active and its app has a webhook URL. */
export function receivesDeliveries(change: Pick<InstallationChange, 'status' | 'webhookUrl'>): boolean {
  return change.status === 'active' && change.webhookUrl !== null;
}
