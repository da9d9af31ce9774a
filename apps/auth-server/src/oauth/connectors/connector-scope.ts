import { AuthContracts } from '@cps/contracts';

export const MCP_SCOPE = 'mcp:read';

/**
 * The `scope` of a connector's authorization request: omitted means `mcp:read`; otherwise distinct connector
 * scopes (INTERFACE-DECISIONS), `mcp:read` among them, separated by single spaces. Anything else is refused.
 */
export function resolveConnectorScope(scope: string | undefined): { ok: true; scope: string } | { ok: false } {
  if (scope === undefined || scope === '') return { ok: true, scope: MCP_SCOPE };
  const parts = scope.split(' ');
  const allowed = new Set<string>(AuthContracts.CONNECTOR_SCOPES);
  if (new Set(parts).size !== parts.length || parts.some((part) => !allowed.has(part))) return { ok: false };
  if (!parts.includes(MCP_SCOPE)) return { ok: false };
  // Written in the order of the list, so equal grants compare equal.
  return { ok: true, scope: AuthContracts.CONNECTOR_SCOPES.filter((known) => parts.includes(known)).join(' ') };
}

/** Scopes a connector token holds that the REST API (`{base_url}`) knows: the token's audience includes it then. */
export function hasRestScopes(scope: string): boolean {
  return scope.split(' ').some((part) => part !== MCP_SCOPE);
}
