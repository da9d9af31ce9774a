import { type Actor } from '@cps/contracts';

/** The team behind an API key (auth-server's verdict). */
export interface ApiKeyCaller {
  teamId: string;
  keyId: string;
  keyName: string;
}

/** Who is calling, as the access guard established it; handlers read it with `@Caller()`. */
export type Principal =
  | ({ kind: 'api_key' } & ApiKeyCaller)
  /** The legacy pair: an API key plus a connection token of the same team, for one connection. */
  | ({ kind: 'connection_token'; connectionId: string } & ApiKeyCaller)
  /** A partner app or data-query connector, authorized by a team (`service_client_id`). */
  | { kind: 'oauth'; teamId: string; clientId: string; scopes: string[] };

/** A change of one of the caller's connections, as sync-service is asked for it: whose, which, and who acts. */
export function connectionChange(
  caller: Principal,
  connectionId: string,
): { teamId: string; connectionId: string; actor: Actor } {
  return { teamId: caller.teamId, connectionId, actor: actorOf(caller) };
}

/** How a change made by this caller is recorded in a connection's activity log. */
export function actorOf(principal: Principal): Actor {
  switch (principal.kind) {
    case 'api_key':
    case 'connection_token':
      return { source: 'API', idType: 'client_api_key', idName: principal.keyName };
    case 'oauth':
      return { source: 'API', idType: null, idName: principal.clientId };
  }
}
