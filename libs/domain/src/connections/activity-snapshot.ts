import { toPublicConnectionStatus, type ConnectionStatus, type InternalConnectionStatus } from '@cps/contracts';

/** A connection as an activity entry stores it: no tags, the internal status kept as it was. */
export interface StoredConnectionSnapshot {
  connection_id: string;
  customer_id: string;
  retailer_id: string;
  status: InternalConnectionStatus;
  email: string | null;
  mobile: string | null;
}

/** The seed's ConnectionSnapshot: the six fields, always present, `revoked` shown as `disconnected`. */
export interface ConnectionSnapshot {
  connection_id: string;
  customer_id: string;
  retailer_id: string;
  status: ConnectionStatus;
  email: string | null;
  mobile: string | null;
}

/**
 * What activity readers see of a stored snapshot. Only the six fields are copied, so nothing else a
 * stored document might hold (tags in particular) can leak into a response.
 */
export function toPublicSnapshot(stored: StoredConnectionSnapshot | null): ConnectionSnapshot | null {
  if (!stored) return null;
  return {
    connection_id: stored.connection_id,
    customer_id: stored.customer_id,
    retailer_id: stored.retailer_id,
    status: toPublicConnectionStatus(stored.status),
    email: stored.email ?? null,
    mobile: stored.mobile ?? null,
  };
}
