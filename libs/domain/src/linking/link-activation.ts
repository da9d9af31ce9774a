import { type InternalConnectionStatus } from '@cps/contracts';

/** What the link flow knows of the connection a successful sign-in lands on. */
export interface LinkedConnectionState {
  status: InternalConnectionStatus;
  /** The first successful link; null while the connection has never been linked. */
  firstLinkedAt: Date | null;
}

/** Activity `event` values the link flow records (INTERFACE-DECISIONS). Wire values: never rename. */
export type LinkActivityEvent = 'connection_created' | 'connection_activated' | 'connection_reauthenticated';

export type LinkActivationPlan =
  /** No connection yet for this customer and retailer: create it (with the token's tags) and activate it. */
  | { kind: 'create'; activity: ['connection_created', 'connection_activated']; firstActivation: true }
  /**
   * The connection becomes `active` and `connection.activated` is emitted; `firstActivation` is false when
   * it was linked before (a re-authentication), so loyalty points are not awarded twice.
   */
  | { kind: 'activate'; activity: ['connection_activated' | 'connection_reauthenticated']; firstActivation: boolean }
  /** Already active: the stored credentials and session are replaced; no status change, no event. */
  | { kind: 'refresh'; activity: ['connection_reauthenticated'] }
  /** A disconnected or revoked connection is never linked again: the shopper links a fresh one. */
  | { kind: 'refused'; reason: 'connection_disconnected' };

/**
 * Decides what a successful retailer sign-in in the link flow does to the connection it is for (null:
 * there is none yet). Seed: (none) -> active and `unauthenticated` -> active both emit
 * `connection.activated`; only the very first activation counts as one (`first_activation`).
 */
export function planLinkActivation(existing: LinkedConnectionState | null): LinkActivationPlan {
  if (existing === null) {
    return { kind: 'create', activity: ['connection_created', 'connection_activated'], firstActivation: true };
  }
  switch (existing.status) {
    case 'initialized':
    case 'unauthenticated': {
      const first = existing.firstLinkedAt === null;
      return {
        kind: 'activate',
        activity: [first ? 'connection_activated' : 'connection_reauthenticated'],
        firstActivation: first,
      };
    }
    case 'active':
      return { kind: 'refresh', activity: ['connection_reauthenticated'] };
    case 'disconnected':
    case 'revoked':
      return { kind: 'refused', reason: 'connection_disconnected' };
  }
}
