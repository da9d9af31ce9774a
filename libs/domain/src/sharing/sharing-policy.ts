import { type InternalConnectionStatus } from '@cps/contracts';

const DAY_MS = 86_400_000;

/** What the brand may see of a shopper's purchases. */
export interface SharingPreferences {
  /**
   * How far back before the first link the brand may see purchases, in whole days; null: the whole
   * history the retailer keeps. Purchases from the first link on are always inside the window.
   */
  historyWindowDays: number | null;
}

/** Until brands can choose: a year of history, what shoppers are shown when they link. */
export const DEFAULT_SHARING_PREFERENCES: Readonly<SharingPreferences> = Object.freeze({ historyWindowDays: 365 });

/**
 * Where a purchase comes from: collected from the retailer (first-link backfill or a later poll),
 * created by the simulator as a new purchase, or as part of a simulated connection's back-dated history.
 */
export type PurchaseOrigin = 'retailer' | 'simulator' | 'simulator_history';

export interface SharingSubject {
  connection: {
    status: InternalConnectionStatus;
    deletedAt: Date | null;
    isSimulated: boolean;
    /** The connection's first activation (the shopper's first successful link); null while it is happening. */
    firstLinkedAt: Date | null;
  };
  purchase: { date: Date; origin: PurchaseOrigin };
  preferences: SharingPreferences;
  now: Date;
}

/** Why a purchase is not shared. Each one is a stable code for logs and metrics. */
export type SharingRefusal =
  | 'connection_deleted'
  | 'connection_revoked'
  | 'connection_disconnected'
  | 'connection_unauthenticated'
  | 'connection_not_linked'
  | 'simulated_purchase_on_real_connection'
  | 'real_purchase_on_simulated_connection'
  | 'outside_history_window';

export type SharingDecision =
  /**
   * Readable by the brand and published (`purchase.created`), a simulated connection's back-dated history
   * too: it is that connection's history on first link, announced like a real first link's (ADR 0014).
   */
  | { eligible: true; publish: true }
  /** Neither stored for the brand nor published. */
  | { eligible: false; publish: false; reason: SharingRefusal };

const CONNECTION_REFUSALS: Record<Exclude<InternalConnectionStatus, 'active'>, SharingRefusal> = {
  revoked: 'connection_revoked',
  disconnected: 'connection_disconnected',
  unauthenticated: 'connection_unauthenticated',
  initialized: 'connection_not_linked',
};

/**
 * The first instant the brand may see: `historyWindowDays` before the first link (the link happening
 * now when it has not been recorded yet); null when the window is unlimited.
 */
export function historyWindowStart(
  preferences: SharingPreferences,
  firstLinkedAt: Date | null,
  now: Date,
): Date | null {
  const days = preferences.historyWindowDays;
  if (days === null) return null;
  if (!Number.isSafeInteger(days) || days < 0)
    throw new RangeError(`historyWindowDays must be whole days >= 0, got ${days}`);
  return new Date((firstLinkedAt ?? now).getTime() - days * DAY_MS);
}

/**
 * Decides whether a collected purchase becomes available to the brand and is published. Only an
 * active, not deleted connection shares; simulated purchases belong to simulated connections only and
 * real ones to real connections only; the brand sees nothing older than its history window. When
 * several refusals apply, the first in that order is given.
 */
export function decideSharing(subject: SharingSubject): SharingDecision {
  const { connection, purchase } = subject;
  const refuse = (reason: SharingRefusal): SharingDecision => ({ eligible: false, publish: false, reason });

  if (connection.deletedAt !== null) return refuse('connection_deleted');
  if (connection.status !== 'active') return refuse(CONNECTION_REFUSALS[connection.status]);
  const simulatedPurchase = purchase.origin !== 'retailer';
  if (simulatedPurchase && !connection.isSimulated) return refuse('simulated_purchase_on_real_connection');
  if (!simulatedPurchase && connection.isSimulated) return refuse('real_purchase_on_simulated_connection');
  const windowStart = historyWindowStart(subject.preferences, connection.firstLinkedAt, subject.now);
  if (windowStart && purchase.date.getTime() < windowStart.getTime()) return refuse('outside_history_window');

  return { eligible: true, publish: true };
}
