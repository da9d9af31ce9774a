// The seed's rules that more than one service applies, each in one place (INTERFACE-DECISIONS.md). A literal of
// these outside this file fails libs/contracts/src/rules.spec.ts.

import { type ConnectionStatus, type InternalConnectionStatus } from './resources.js';

/** `limit` of the REST lists: 1-100, default 50. */
export const LIST_LIMIT = { max: 100, default: 50 } as const;

/** `limit` of `GET /purchases`: 1-50, default 10. */
export const PURCHASE_LIST_LIMIT = { max: 50, default: 10 } as const;

/** `expires_in_days` of `POST /link-tokens`: 1-365, default 30. */
export const LINK_TOKEN_LIFETIME_DAYS = { max: 365, default: 30 } as const;

/** The status a brand sees: the internal `revoked` (the shopper withdrew access) shows as `disconnected`. */
export function toPublicConnectionStatus<S extends string = InternalConnectionStatus>(
  status: S,
): Exclude<S, 'revoked'> | 'disconnected' {
  return status === 'revoked' ? 'disconnected' : (status as Exclude<S, 'revoked'>);
}

/** The stored statuses a public status filter selects: `disconnected` also finds `revoked` connections. */
export function statusesMatching(filter: ConnectionStatus): InternalConnectionStatus[] {
  return filter === 'disconnected' ? ['disconnected', 'revoked'] : [filter];
}

/** Connections that no longer collect purchases; disconnecting them again changes nothing. */
export function isDisconnected(status: InternalConnectionStatus): boolean {
  return status === 'disconnected' || status === 'revoked';
}

/** The same rule in SQL, for statements that count or group by the status a brand sees. */
export function publicConnectionStatusSql(column: string): string {
  return `CASE WHEN ${column} = 'revoked' THEN 'disconnected' ELSE ${column} END`;
}
