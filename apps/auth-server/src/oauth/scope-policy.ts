import { AuthContracts } from '@cps/contracts';

/** The full grant, in the order the server writes it. */
export const FULL_SCOPE = AuthContracts.PARTNER_SCOPES.join(' ');

/**
 * The `scope` parameter of an authorization request: omitted means the full set; otherwise exactly the
 * three partner scopes, separated by single spaces, in any order, each once. A subset, an extra scope or
 * a duplicate is refused.
 */
export function resolveRequestedScope(scope: string | undefined): { ok: true; scope: string } | { ok: false } {
  if (scope === undefined) return { ok: true, scope: FULL_SCOPE };
  const parts = scope.split(' ');
  const expected = new Set<string>(AuthContracts.PARTNER_SCOPES);
  if (parts.length !== expected.size) return { ok: false };
  const seen = new Set<string>();
  for (const part of parts) {
    if (!expected.has(part) || seen.has(part)) return { ok: false };
    seen.add(part);
  }
  return { ok: true, scope: FULL_SCOPE };
}

/** True when a stored grant holds all three scopes (legacy two-scope grants do not). */
export function isFullGrant(scope: string): boolean {
  const parts = scope.split(' ').filter(Boolean);
  return parts.length === AuthContracts.PARTNER_SCOPES.length && resolveRequestedScope(parts.join(' ')).ok;
}
