import { isDisconnected, type InternalConnectionStatus } from '@cps/contracts';

/** The fields of a connection that PATCH /connections/{id} can change. */
export interface UpdatableConnection {
  customerId: string;
  email: string | null;
  mobile: string | null;
  status: InternalConnectionStatus;
}

/** Omitted fields stay as they are; `null` clears email or mobile. */
export interface ConnectionUpdateRequest {
  customerId?: string;
  email?: string | null;
  mobile?: string | null;
  status?: 'disconnected';
}

export type ConnectionUpdateEvent = 'connection_updated' | 'connection_disconnected';

/** One activity entry to record: the connection before and after this step. */
export interface ConnectionUpdateStep<T> {
  event: ConnectionUpdateEvent;
  details: string | null;
  before: T;
  after: T;
}

export interface ConnectionUpdatePlan<T> {
  /** Empty when the request changes nothing (PATCH is idempotent): nothing to write or record. */
  steps: ConnectionUpdateStep<T>[];
  result: T;
}

const FIELDS = [
  ['customerId', 'customer_id'],
  ['email', 'email'],
  ['mobile', 'mobile'],
] as const;

/**
 * Decides what a connection update changes and which activity entries record it: field changes are one
 * `connection_updated` entry (details name the changed fields), a disconnect is a `connection_disconnected`
 * entry after it. Disconnecting a disconnected (or revoked) connection changes nothing.
 */
export function planConnectionUpdate<T extends UpdatableConnection>(
  current: T,
  request: ConnectionUpdateRequest,
): ConnectionUpdatePlan<T> {
  const steps: ConnectionUpdateStep<T>[] = [];
  let state = current;
  const changed: string[] = [];
  let edited: T = { ...current };
  for (const [field, wireName] of FIELDS) {
    const value = request[field];
    if (value === undefined || value === current[field]) continue;
    edited = { ...edited, [field]: value };
    changed.push(wireName);
  }
  if (changed.length > 0) {
    steps.push({ event: 'connection_updated', details: `Changed ${changed.join(', ')}`, before: state, after: edited });
    state = edited;
  }
  if (request.status === 'disconnected' && !isDisconnected(state.status)) {
    const disconnected: T = { ...state, status: 'disconnected' };
    steps.push({ event: 'connection_disconnected', details: null, before: state, after: disconnected });
    state = disconnected;
  }
  return { steps, result: state };
}
