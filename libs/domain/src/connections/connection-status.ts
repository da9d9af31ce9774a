/** Connection status as the REST API shows it. Wire values: never rename. */
export type ConnectionStatus = 'initialized' | 'active' | 'unauthenticated' | 'disconnected';

/** Adds `revoked` (the shopper withdrew this brand's access), which the REST API shows as `disconnected`. */
export type InternalConnectionStatus = ConnectionStatus | 'revoked';

export function toPublicConnectionStatus(status: InternalConnectionStatus): ConnectionStatus {
  return status === 'revoked' ? 'disconnected' : status;
}

/** The stored statuses a public status filter selects: `disconnected` also finds `revoked` connections. */
export function statusesMatching(filter: ConnectionStatus): InternalConnectionStatus[] {
  return filter === 'disconnected' ? ['disconnected', 'revoked'] : [filter];
}

/** Connections that no longer collect purchases; disconnecting them again changes nothing. */
export function isDisconnected(status: InternalConnectionStatus): boolean {
  return status === 'disconnected' || status === 'revoked';
}
