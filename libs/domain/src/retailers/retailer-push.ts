import { createHash } from 'node:crypto';

/**
 * How a retailer that pushes "new orders" names the account without naming the shopper: the SHA-256 (hex) of the
 * retailer id and the lower-cased, trimmed sign-in email. The retailer computes it from its account, sync-service
 * from the credentials the shopper linked with; neither sends nor stores the email for it.
 */
export function retailerAccountRef(retailerId: string, email: string): string {
  return createHash('sha256').update(`${retailerId}:${email.trim().toLowerCase()}`).digest('hex');
}

/**
 * The Standard Webhooks secret the sandbox retailer signs its pushes with and the gateway verifies them with,
 * outside production only: anyone can read it here. In production the gateway takes RETAILER_PUSH_SECRET or refuses
 * pushes.
 */
export const DEVELOPMENT_RETAILER_PUSH_SECRET = 'whsec_mfoYb4YoTZPw3Y7WrJZPuFtuF3eQ/9E6';

/**
 * The admin token of the sandboxes (retailer and loyalty) outside production, and what the admin CLI sends them by
 * default: anyone can read it here. In production each sandbox requires SANDBOX_ADMIN_TOKEN of its own.
 */
export const DEVELOPMENT_SANDBOX_ADMIN_TOKEN = 'sandbox-admin-development-token';

/** The body of a push: "this account has new orders". */
export interface RetailerPushBody {
  account_ref: string;
}
