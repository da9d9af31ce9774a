import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** auth-server's signing keys from its JWKS: cached, fetched again for an unknown `kid` at most every 30 s. */
export function accessTokenKeys(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), {
    timeoutDuration: 3_000,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
}

export interface VerifiedAccessToken {
  payload: JWTPayload;
  /** `service_client_id`: the team that authorized (undefined when the token names none). */
  teamId: string | undefined;
  clientId: string;
  scopes: string[];
}

/**
 * An RFC 9068 access token of auth-server (`typ: at+jwt`) for `audience`, verified against `keys`, and what it
 * grants; jose's errors (a bad token, keys that cannot be had) are the caller's to tell apart.
 */
export async function verifyAccessToken(
  token: string,
  keys: JWTVerifyGetKey,
  expected: { issuer: string; audience: string },
): Promise<VerifiedAccessToken> {
  const { payload } = await jwtVerify(token, keys, {
    issuer: expected.issuer,
    audience: expected.audience,
    typ: 'at+jwt',
    algorithms: ['ES256', 'RS256', 'PS256', 'EdDSA'],
    requiredClaims: ['exp'],
  });
  const teamId = payload.service_client_id;
  return {
    payload,
    teamId: typeof teamId === 'string' && teamId ? teamId : undefined,
    clientId: typeof payload.client_id === 'string' ? payload.client_id : '',
    scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
  };
}
