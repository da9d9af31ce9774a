import { type Clock } from '@cps/domain';
import { createPrivateKey, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { publicJwks, type SigningKey } from '../keys/signing-keys.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './refresh-policy.js';

export interface AccessTokenClaims {
  /** The dashboard user who authorized. */
  sub: string;
  client_id: string;
  scope: string;
  /** The dashboard team that authorized (the tenant). */
  service_client_id: string;
}

/**
 * Partner access tokens per ADR 0004: RFC 9068 JWTs (`typ: at+jwt`) signed with the first configured key,
 * `iss` = {auth_url}, `aud` = {base_url}, 900 s, times from the injected clock.
 */
export class AccessTokens {
  private readonly verifyKey: JWTVerifyGetKey;
  /**
   * The first key, imported once, and its encoded JWS header. Tokens are signed with node:crypto's synchronous
   * `sign`: jose signs through WebCrypto, where every signature is a job handed to libuv's thread pool and back,
   * which cost more of a refresh than the signature itself (bench/oauth). jose still verifies them (`verify`).
   */
  private readonly signer: { key: KeyObject; header: string; ecdsa: boolean };

  constructor(
    keys: SigningKey[],
    private readonly issuer: string,
    private readonly audience: string,
    private readonly clock: Clock,
  ) {
    this.verifyKey = createLocalJWKSet(publicJwks(keys) as Parameters<typeof createLocalJWKSet>[0]);
    const first = keys[0]!;
    const header = { alg: first.alg, kid: first.kid, typ: 'at+jwt' };
    this.signer = {
      key: createPrivateKey({ key: first.jwk, format: 'jwk' }),
      header: Buffer.from(JSON.stringify(header)).toString('base64url'),
      ecdsa: first.alg === 'ES256',
    };
  }

  /** `audience` defaults to `{base_url}`; a connector's token names `{mcp_url}` (and `{base_url}` for REST scopes). */
  async issue(
    claims: AccessTokenClaims,
    audience: string | string[] = this.audience,
  ): Promise<{ token: string; expiresIn: number }> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const payload = {
      ...claims,
      iss: this.issuer,
      aud: audience,
      iat,
      exp: iat + ACCESS_TOKEN_TTL_SECONDS,
      jti: randomUUID(),
    };
    const input = `${this.signer.header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    const { key, ecdsa } = this.signer;
    // ES256 and RS256 both hash with SHA-256; a JWS ECDSA signature is r || s (IEEE P1363), not DER.
    const signature = sign('sha256', Buffer.from(input), ecdsa ? { key, dsaEncoding: 'ieee-p1363' } : key);
    return { token: `${input}.${signature.toString('base64url')}`, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  /** The claims of a valid, unexpired token of ours; null for anything else. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.verifyKey, {
        issuer: this.issuer,
        audience: this.audience,
        typ: 'at+jwt',
        algorithms: ['ES256', 'RS256'],
        currentDate: this.clock.now(),
        clockTolerance: 0,
      });
      const { sub, client_id, scope, service_client_id } = payload;
      if (typeof sub !== 'string' || typeof client_id !== 'string' || typeof scope !== 'string') return null;
      if (typeof service_client_id !== 'string') return null;
      return { sub, client_id, scope, service_client_id };
    } catch {
      return null;
    }
  }
}
