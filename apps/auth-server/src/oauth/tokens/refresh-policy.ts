import { isFullGrant } from '../scope-policy.js';

/** Seed limits. */
export const ACCESS_TOKEN_TTL_SECONDS = 900;
export const REFRESH_TOKEN_TTL_SECONDS = 2_592_000;
export const REFRESH_RETRY_WINDOW_SECONDS = 3_600;
export const AUTHORIZATION_CODE_TTL_SECONDS = 600;

/** The ledger row of a presented refresh token, with what matters of its replacement. */
export interface LedgerToken {
  scope: string;
  expiresAt: Date;
  revokedAt: Date | null;
  /** When it was exchanged for a replacement; null while it is the installation's newest token. */
  rotatedAt: Date | null;
  replacement: { rotatedAt: Date | null; revokedAt: Date | null } | null;
}

export type RefreshDecision =
  /** The newest token: rotate it (new refresh token, new 30 days). */
  | { kind: 'rotate' }
  /** A retry of the previous token inside its window: the same replacement again and a fresh access token. */
  | { kind: 'retry' }
  /** `invalid_grant`, nothing else changes. */
  | { kind: 'reject'; reason: 'inactive' | 'revoked' | 'expired' | 'legacy_grant' }
  /** `invalid_grant`, and the installation's refresh tokens are revoked and it is disconnected. */
  | { kind: 'reuse'; reason: 'older_token' | 'retry_window_passed' };

/** Refresh rules 1 to 6 of the seed, for one presented token, at `now`. */
export function decideRefresh(token: LedgerToken, installationActive: boolean, now: Date): RefreshDecision {
  if (!installationActive) return { kind: 'reject', reason: 'inactive' };
  if (token.revokedAt) return { kind: 'reject', reason: 'revoked' };
  if (!isFullGrant(token.scope)) return { kind: 'reject', reason: 'legacy_grant' };
  if (token.expiresAt.getTime() <= now.getTime()) return { kind: 'reject', reason: 'expired' };
  if (!token.rotatedAt) return { kind: 'rotate' };
  // A rotated token is only ever retryable: its window closes when its replacement is used, or after 60 min.
  if (!token.replacement || token.replacement.rotatedAt) return { kind: 'reuse', reason: 'older_token' };
  if (token.replacement.revokedAt) return { kind: 'reject', reason: 'revoked' };
  if (now.getTime() >= token.rotatedAt.getTime() + REFRESH_RETRY_WINDOW_SECONDS * 1000) {
    return { kind: 'reuse', reason: 'retry_window_passed' };
  }
  return { kind: 'retry' };
}
