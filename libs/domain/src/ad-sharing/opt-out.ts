/**
 * The form of an email that ad-sharing opt-outs are matched on: case and surrounding whitespace are
 * ignored (seed: "Email matching ignores case and surrounding whitespace"). Null when nothing is left.
 */
export function normalizeOptOutEmail(email: string): string | null {
  const normalized = email.trim().toLowerCase();
  return normalized.length > 0 ? normalized : null;
}
