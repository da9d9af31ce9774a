import { normalizeOptOutEmail } from '@cps/domain';
import { sha256 } from '@cps/persistence';

/**
 * What an opt-out is stored and looked up by: SHA-256 (hex) of the email trimmed and lower-cased.
 * Null for an email that is empty once trimmed (it can match nothing).
 */
export function optOutEmailHash(email: string): string | null {
  const normalized = normalizeOptOutEmail(email);
  return normalized === null ? null : sha256(normalized);
}
