import { type Cents, type PurchaseTotals, type PurchaseType } from '@cps/domain';

/**
 * The port through which sync-service reaches a retailer's website on a shopper's behalf. One adapter
 * per retailer; the sandbox adapter plays every retailer in development and tests.
 *
 * Expected answers (wrong password, wrong code) are results; trouble is thrown as a RetailerError:
 * SessionLost (sign in again), RateLimited (wait retryAfterMs), RetailerUnavailable (back off).
 */
export interface RetailerAdapter {
  readonly retailerId: string;
  signIn(credentials: RetailerCredentials, options?: CallOptions): Promise<SignInResult>;
  answerOneTimeCode(challenge: OneTimeCodeChallenge, code: string, options?: CallOptions): Promise<OneTimeCodeResult>;
  /** Orders that appeared after `cursor` (null: from the account's first order), oldest appearance first. */
  listOrdersSince(session: RetailerSession, cursor: string | null, options?: CallOptions): Promise<RetailerOrderPage>;
  getOrderDetail(session: RetailerSession, retailerOrderId: string, options?: CallOptions): Promise<RetailerOrder>;
  /**
   * Several orders' details in one call, in the order asked, where the retailer offers it (its order history
   * with expanded rows). Without it the reader calls getOrderDetail per order. An order missing from the answer
   * is an unexpected answer (RetailerUnavailable), as a 404 of getOrderDetail is.
   */
  getOrderDetails?(
    session: RetailerSession,
    retailerOrderIds: string[],
    options?: CallOptions,
  ): Promise<RetailerOrder[]>;
}

export interface CallOptions {
  /** Aborts the call early (shutdown); the adapter's own timeout applies regardless. */
  signal?: AbortSignal;
}

/** What the shopper typed on the sign-in page. Seal it (RetailerCredentialVault) before storing it. */
export interface RetailerCredentials {
  email: string;
  password: string;
}

/** A signed-in session at the retailer. The token is a bearer secret: seal it before storing it. */
export interface RetailerSession {
  token: string;
  /** When the retailer said it ends; it may end earlier (SessionLost). */
  expiresAt: Date | null;
}

/** The retailer asked for a one-time code; the challenge id is a secret of this sign-in. */
export interface OneTimeCodeChallenge {
  challengeId: string;
  /** Where the retailer says it sent the code, masked (`j***@example.com`). */
  sentTo: string | null;
  expiresAt: Date | null;
}

export type SignInResult =
  | { kind: 'signed_in'; session: RetailerSession }
  | { kind: 'needs_one_time_code'; challenge: OneTimeCodeChallenge }
  | { kind: 'invalid_credentials' };

export type OneTimeCodeResult =
  | { kind: 'signed_in'; session: RetailerSession }
  /** Wrong code; the shopper may try again while attempts are left (null: the retailer does not say). */
  | { kind: 'invalid_code'; attemptsLeft: number | null }
  /** The challenge is over (expired, used, too many attempts): sign in again. */
  | { kind: 'challenge_expired' };

export interface RetailerOrderSummary {
  retailerOrderId: string;
  orderedAt: Date;
  purchaseType: PurchaseType;
  totalCents: Cents;
}

export interface RetailerOrderPage {
  orders: RetailerOrderSummary[];
  /** Store it after the orders are handled; pass it to the next call. Never null: poll from here. */
  nextCursor: string;
  /** More orders are waiting right now: call again with nextCursor. */
  hasMore: boolean;
}

export interface RetailerOrderLine {
  name: string;
  brand: string | null;
  upc: string | null;
  sku: string | null;
  /** Unit price. */
  priceCents: Cents;
  quantity: number;
}

export interface RetailerOrder {
  retailerOrderId: string;
  orderedAt: Date;
  purchaseType: PurchaseType;
  currency: string;
  lines: RetailerOrderLine[];
  totals: PurchaseTotals;
}
